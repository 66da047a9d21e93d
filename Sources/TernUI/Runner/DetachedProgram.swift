import Foundation

/// Starts another program beside Tern (a browser, a player) without a shell: each argument is passed as
/// one argument, never parsed as a command. Its input and output go to /dev/null, so it can't write over
/// the curses screen, and it is reaped in the background, so no zombie is left.
enum DetachedProgram {
    /// False when the program could not be started (not installed, not on `PATH`).
    static func start(_ program: String, _ arguments: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var args = ([program] + arguments).map { strdup($0) } + [nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &actions, nil, &args, environ) == 0 else { return false }
        let child = pid
        DispatchQueue.global().async { var status: Int32 = 0; waitpid(child, &status, 0) }
        return true
    }
}
