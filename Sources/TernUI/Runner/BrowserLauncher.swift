import Foundation

/// Hands a URL to the user's browser without a shell: the URL is one argument, never parsed as a command.
package enum BrowserLauncher {
    package enum Outcome: Equatable {
        case opened(String)
        /// No browser to use (e.g. over ssh): the caller shows the URL instead.
        case noBrowser
        case refused(String)
    }

    package static func open(_ link: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Outcome {
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
        guard DetachedProgram.start(program, [link]) else { return .noBrowser }
        return .opened(program)
    }

    /// What `o` says where no browser can be started, before the link itself: the link alone said nothing
    /// of why it was not opened, nor how to have it opened.
    package static func noBrowserMessage(_ link: String) -> String {
        "No browser to open it in (set BROWSER, or DISPLAY for xdg-open). The link: \(link)"
    }
}
