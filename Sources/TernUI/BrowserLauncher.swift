import Foundation

/// Hands a URL to the user's browser without a shell: the URL is one argument, never parsed as a command.
public enum BrowserLauncher {
    public enum Outcome: Equatable {
        case opened(String)
        /// No browser to use (e.g. over ssh): the caller shows the URL instead.
        case noBrowser
        case refused(String)
    }

    public static func open(_ link: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Outcome {
        guard let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return .refused("Not opening a link that isn't http(s)")
        }
        let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        let program: String
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty {
            program = browser
        } else if hasDisplay {
            program = "xdg-open"
        } else {
            return .noBrowser
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The browser must not write over the curses screen.
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var args = [strdup(program), strdup(link), nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &actions, nil, &args, environ) == 0 else { return .noBrowser }
        // Reap it in the background so no zombie is left.
        let child = pid
        DispatchQueue.global().async { var status: Int32 = 0; waitpid(child, &status, 0) }
        return .opened(program)
    }
}
