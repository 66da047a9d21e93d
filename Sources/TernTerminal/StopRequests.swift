import Foundation

/// Ctrl-Z (SIGTSTP) as something the UI loop handles, not a stop in the middle of a frame. Left to the
/// default, the process stops with the terminal in curses' modes; left to curses' own handler, `fg` repaints
/// curses' screen, which is blank since Tern draws through its own frame. Here the signal only writes a
/// byte to a pipe the loop polls; the loop gives the terminal back, stops, and on `fg` takes it again and
/// repaints everything.
enum StopRequests {
    /// The pipe's write end, for the handler; set once, before the handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handler once, returning the pipe's read end (nil if no pipe could be had: Ctrl-Z then
    /// keeps its default meaning).
    static let readEnd: Int32? = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        writeEnd = fds[1]
        install()
        return fds[0]
    }()

    private static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            // write(2) is safe in a signal handler; a full pipe means a request is already waiting.
            var byte: UInt8 = 1
            let saved = errno
            _ = write(StopRequests.writeEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGTSTP, &action, nil)
    }

    /// Whether a stop was asked for since the last call (empties the pipe).
    static func take(_ fd: Int32) -> Bool {
        var sink = [UInt8](repeating: 0, count: 64), any = false
        while read(fd, &sink, sink.count) > 0 { any = true }
        return any
    }

    /// Stops the process as Ctrl-Z would have, returning when it is continued (`fg`). In a process group
    /// that no shell controls (started by tmux or a service directly) the kernel discards the signal, as it
    /// does for a Ctrl-Z there, and this returns at once.
    static func stopHere() {
        var previous = sigaction(), standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGTSTP, &standard, &previous)
        kill(0, SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }
}
