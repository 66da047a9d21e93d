import Dispatch
import Foundation

/// Quit signals delivered to a handler on a dispatch queue, so that quitting always goes through clean-up
/// (curses restored, servers stopped) rather than the default action, which also depends on what the
/// launching process left ignored or blocked.
enum QuitSignals {
    /// Keep the returned sources until done; cancelling them stops the handling.
    static func observe(_ signals: [Int32], _ handler: @escaping @Sendable () -> Void) -> [DispatchSourceSignal] {
        signals.map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }
}
