import Logging
import Synchronization

/// Log lines kept in memory, for tests that check that a loss is logged: `logger()` is given to the code
/// under test (swift-log's global bootstrap happens once per process, and tests share one).
package final class CollectedLog: Sendable {
    package struct Line: Sendable, CustomStringConvertible {
        package var level: Logger.Level
        package var message: String
        package var metadata: [String: String]

        package var description: String {
            "\(level) \(message) " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    private let kept = Mutex<[Line]>([])

    package init() {}

    package func logger(_ label: String = "test") -> Logger {
        Logger(label: label) { _ in Handler(log: self) }
    }

    package var lines: [Line] { kept.withLock { $0 } }

    /// The lines whose message or metadata mention `text`.
    package func lines(mentioning text: String) -> [Line] {
        lines.filter { $0.description.contains(text) }
    }

    fileprivate func keep(_ line: Line) { kept.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let log: CollectedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String,
                 file: String, function: String, line: UInt) {
            let all = metadata.merging(extra ?? [:]) { _, new in new }
            log.keep(Line(level: level, message: message.description, metadata: all.mapValues(\.description)))
        }
    }
}
