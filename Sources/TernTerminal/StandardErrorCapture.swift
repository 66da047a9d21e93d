import Foundation
import Synchronization

/// Standard error, taken off the terminal while curses owns it. Whatever a library writes there (GLib's
/// warnings, a loader's complaint) would otherwise land in the middle of the screen, which Tern never
/// repaints for it: each line goes to `lines` instead (Tern's log). `release()` gives standard error back,
/// for a program the terminal is lent to (`$EDITOR`) and at the end; `take()` captures it again.
package final class StandardErrorCapture: Sendable {
    private let lines: @Sendable (String) -> Void
    /// The terminal's standard error, kept while the capture holds descriptor 2.
    private let saved = Mutex<Int32?>(nil)

    package init(lines: @escaping @Sendable (String) -> Void) {
        self.lines = lines
    }

    /// Points descriptor 2 at a pipe read by a thread of its own. Does nothing if already taken, and leaves
    /// standard error as it is (saying so through `lines`) if a pipe cannot be had.
    package func take() {
        saved.withLock { saved in
            guard saved == nil else { return }
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else {
                lines("standard error stays on the terminal: pipe() failed (errno \(errno))")
                return
            }
            // Neither end is for programs Tern starts (a browser, a player): they would hold the pipe open.
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            fflush(nil)  // what stdio holds for standard error goes where it was meant to
            let kept = fcntl(2, F_DUPFD_CLOEXEC, 3)
            guard kept >= 0, dup2(fds[1], 2) == 2 else {
                lines("standard error stays on the terminal: it could not be redirected (errno \(errno))")
                if kept >= 0 { close(kept) }
                close(fds[0]); close(fds[1])
                return
            }
            close(fds[1])
            saved = kept
            let reader = fds[0], lines = self.lines
            let thread = Thread { Self.read(reader, into: lines) }
            thread.name = "tern stderr"
            thread.start()
        }
    }

    /// Puts the terminal's standard error back. The reader sees the pipe's end and stops.
    package func release() {
        saved.withLock { saved in
            guard let kept = saved else { return }
            fflush(nil)  // what stdio holds for standard error goes where it was meant to
            dup2(kept, 2)
            close(kept)
            saved = nil
        }
    }

    deinit { release() }

    private static func read(_ fd: Int32, into lines: @Sendable (String) -> Void) {
        defer { close(fd) }
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Foundation.read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            pending += buffer[0..<n]
            while let end = pending.firstIndex(of: 0x0A) {
                lines(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
            // A line that never ends is passed on in pieces rather than held without bound.
            if pending.count > 16_384 {
                lines(String(decoding: pending, as: UTF8.self))
                pending.removeAll()
            }
        }
        if !pending.isEmpty { lines(String(decoding: pending, as: UTF8.self)) }
    }
}
