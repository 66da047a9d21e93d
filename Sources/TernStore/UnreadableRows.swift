import Foundation
import Logging
import Synchronization
import TernModel

/// Where the store says that a row could not be read back (one a newer Tern wrote, or a damaged one): in
/// the log, once per row, since a window of a timeline is read again on every scroll. The rows themselves
/// are left in place.
final class UnreadableRows: Sendable {
    let logger: Logger
    private let logged = Mutex<Set<String>>([])

    init(logger: Logger = Logger(label: "tern.store")) {
        self.logger = logger
    }

    /// `what` names the row, `consequence` says what was done without it.
    func note(_ what: String, _ error: Error, _ consequence: String) {
        guard logged.withLock({ $0.insert(what).inserted }) else { return }
        logger.warning("a stored row could not be read; \(consequence)", metadata: ["row": "\(what)", "error": "\(error)"])
    }

    /// A stored post, or nil, noted, when this Tern can't read it.
    func post(_ body: Data, _ what: @autoclosure () -> String, _ consequence: String) -> Post? {
        do { return try PostCoding.decode(body) } catch {
            note(what(), error, consequence)
            return nil
        }
    }

    /// Any other stored JSON, the same way.
    func value<T: Decodable>(_ type: T.Type, _ body: Data, _ what: @autoclosure () -> String, _ consequence: String) -> T? {
        do { return try JSONDecoder().decode(type, from: body) } catch {
            note(what(), error, consequence)
            return nil
        }
    }
}
