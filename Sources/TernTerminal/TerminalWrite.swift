#if canImport(Glibc)
import Glibc
#endif

/// Writes bytes to the terminal whole. A terminal over a slow link takes a frame a piece at a time, and a
/// resize's SIGWINCH (which curses catches without restarting calls) interrupts a write that waits:
/// stdio's `fwrite` gives up there and drops the rest of its buffer, which left a frame cut in the middle
/// of an escape sequence (`ESC[38;5;59;48;5` and then the next frame's `ESC`). Here a short write goes on
/// from where it stopped, an interrupted one is tried again, and a terminal that is not ready (a
/// descriptor someone made non-blocking) is waited for.
enum TerminalWrite {
    /// Writes all of `bytes` to `fd`; false when the terminal is gone (an error other than an interruption
    /// or a full buffer), with what was not written dropped, as there is no one to show it to.
    @discardableResult
    static func all(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { all($0, to: fd) }
    }

    static func all(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard var at = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = write(fd, at, left)
            if n > 0 {
                at += n
                left -= n
                continue
            }
            guard n < 0 else { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK:
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let r = poll(&ready, 1, -1)
                if r < 0, errno != EINTR { return false }
                if ready.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return false }
            default: return false
            }
        }
        return true
    }
}
