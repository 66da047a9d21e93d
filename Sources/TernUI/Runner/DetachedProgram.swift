import Foundation

/// Starts another program beside Tern (a browser, a player, a clipboard tool) without a shell: each
/// argument is passed as one argument, never parsed as a command. Its output goes to /dev/null, so it
/// can't write over the curses screen; its input is /dev/null or the text given, written off the UI loop;
/// it is reaped in the background, so no zombie is left.
enum DetachedProgram {
    /// False when the program could not be started (not installed, not on `PATH`). `ended` is called once
    /// the input is written and the program has ended.
    static func start(_ program: String, _ arguments: [String], input: String? = nil,
                      ended: (@Sendable () -> Void)? = nil) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A socket pair rather than a pipe: a program that ends without reading its input makes the write
        // fail (EPIPE) instead of sending SIGPIPE, which would end Tern.
        var pipeFDs: [Int32] = [-1, -1]
        if input != nil {
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pipeFDs) == 0 else { return false }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
            posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
            posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
        }
        for fd: Int32 in input == nil ? [0, 1, 2] : [1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var args = ([program] + arguments).map { strdup($0) } + [nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, &args, environ) == 0
        if input != nil { close(pipeFDs[0]) }
        guard spawned else {
            if input != nil { close(pipeFDs[1]) }
            return false
        }
        let child = pid, writeEnd = pipeFDs[1]
        DispatchQueue.global().async {
            // A clipboard tool may read slowly, or not at all: the write waits here, never on the UI loop.
            if let input {
                var bytes = Array(input.utf8)[...]
                while !bytes.isEmpty {
                    let n = bytes.withUnsafeBytes { send(writeEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if n <= 0 { break }
                    bytes = bytes.dropFirst(n)
                }
                close(writeEnd)
            }
            var status: Int32 = 0
            waitpid(child, &status, 0)
            ended?()
        }
        return true
    }
}
