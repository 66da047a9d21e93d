import Synchronization

/// The user's own account id on the server, as the session knows it: from the stored login at once, or
/// from the server's answer once it is asked (the demo, a token file). Every list reads it here, so one
/// learnt after the lists opened reaches them all: what the user wrote is read, and never lands above
/// "read up to here".
package final class OwnAccount: Sendable {
    private let known: Mutex<String?>

    package init(id: String? = nil) {
        known = Mutex(id.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Nil while not known.
    package var id: String? { known.withLock { $0 } }

    /// The server said who the user is.
    package func learnt(_ id: String) {
        known.withLock { $0 = id.isEmpty ? $0 : id }
    }
}
