import Foundation

/// `v` on a video, gifv or sound: its address goes to `$TERN_PLAYER` (a program name, or a name and
/// its options separated by spaces), else `mpv`, started beside Tern with no shell.
package enum MediaPlayer {
    package enum Outcome: Equatable {
        case playing(String)
        /// No player could be started: the message says what to install.
        case noPlayer(String)
        case refused(String)
    }

    static let notInstalled = "Can't play: mpv is not installed. Install it (apt install mpv) or set TERN_PLAYER."

    package static func play(_ link: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Outcome {
        guard let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return .refused("Not playing an address that isn't http(s)")
        }
        let configured = environment["TERN_PLAYER"].map { $0.split(separator: " ").map(String.init) } ?? []
        let command = configured.isEmpty ? ["mpv"] : configured
        guard DetachedProgram.start(command[0], Array(command.dropFirst()) + [link]) else {
            // Short enough for one row: the large view covers the row above the status line, and the address
            // alone was what showed of a longer message ("The address: http://…", not why).
            return .noPlayer(configured.isEmpty
                ? notInstalled
                : "Can't play: \(command[0]) (TERN_PLAYER) could not be started.")
        }
        return .playing(command[0])
    }
}
