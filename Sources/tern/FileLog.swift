import ArgumentParser
import Foundation
import Logging
import Synchronization
import TernModel
import TernHTTP
import TernStore

/// Tern's log: `$XDG_STATE_HOME/tern/tern.log`, one line per event, rotated by size (the previous file
/// is kept as `tern.log.1`), owner-only. Something a user can attach to a report: failures that the
/// screen shows once or not at all end up here. Never a token: bearer values are masked on the way in.
final class LogFile: Sendable {
    private struct State {
        var handle: FileHandle?
        var bytes: Int
    }

    let url: URL
    private let maxBytes: Int
    private let state: Mutex<State>

    init(url: URL, maxBytes: Int = 1 << 20) {
        self.url = url
        self.maxBytes = maxBytes
        state = Mutex(State(handle: nil, bytes: 0))
    }

    func write(_ line: String) {
        let data = Data((TokenMask.masked(line) + "\n").utf8)
        state.withLock { s in
            if s.handle == nil || s.bytes + data.count > maxBytes { reopen(&s, adding: data.count) }
            guard let handle = s.handle else { return }
            do {
                try handle.write(contentsOf: data)
                s.bytes += data.count
            } catch {
                // A log that cannot be written must not take the program down; stderr belongs to curses.
                s.handle = nil
            }
        }
    }

    /// Opens the log for appending; when `incoming` bytes would take it past the limit, the file becomes
    /// `tern.log.1` first.
    private func reopen(_ s: inout State, adding incoming: Int) {
        // Given up on either way; a log can't log its own failure, and stderr belongs to curses.
        try? s.handle?.close()
        s.handle = nil
        do {
            try PrivateFiles.makeFolder(url.deletingLastPathComponent())
            // No log yet is 0 bytes; one that can't be looked at fails to open just below, and is left alone.
            let existing = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            if existing > 0, existing + incoming > maxBytes {
                let old = url.appendingPathExtension("1")
                _ = unlink(old.path)
                _ = rename(url.path, old.path)
            }
            try PrivateFiles.create(url)
            let handle = try FileHandle(forWritingTo: url)
            s.bytes = Int(try handle.seekToEnd())
            s.handle = handle
        } catch {
            s.handle = nil
        }
    }
}

/// A swift-log handler writing to a `LogFile`.
struct FileLogHandler: LogHandler {
    let label: String
    let file: LogFile
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let stamp = UTCText.instant(Date())
        file.write("\(stamp) \(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)")
    }
}

/// Starts logging for a command, once per process.
enum Logs {
    private static let started = Mutex(false)

    static func start(level: Logger.Level, paths: TernPaths = TernPaths()) {
        let first = started.withLock { s -> Bool in
            defer { s = true }
            return !s
        }
        guard first else { return }
        let file = LogFile(url: paths.log)
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, logLevel: level) }
        Logger(label: "tern").info("started", metadata: ["version": "\(TernVersion.string)", "pid": "\(getpid())"])
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
