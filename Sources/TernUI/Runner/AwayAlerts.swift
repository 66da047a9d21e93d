import Foundation
import TernFeed
import TernModel
import TernTerminal

/// A mention, a direct message or a follow that came while the user looks elsewhere (the terminal lost the
/// focus) is announced: a desktop notification through the terminal, or its bell, as `alerts` in the
/// config says for its kind. Likes and boosts wait.
struct AwayAlerts {
    /// The terminal has the keyboard's focus (it reports changes; one that doesn't is taken as focused).
    var focused = true
    /// What the terminal said it is, and whether tmux passes sequences on to it: where alerts go.
    var terminal: String?
    var passthrough = false

    /// What the terminal's probe found out about where alerts go.
    mutating func heard(_ graphics: Graphics) {
        terminal = graphics.terminal ?? terminal
        passthrough = graphics.tmux
    }

    /// What announces the newest notification in `now` that `before` did not have and that is announced
    /// at all, of the account `name` among `accounts` open (named in the title when there are several);
    /// nil when `now` is not a list of notifications, there is none, or the user is looking.
    func announcement(_ before: FeedSnapshot, _ now: FeedSnapshot, of name: String, among accounts: Int, settings: AlertSettings,
                      environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt8]? {
        guard now.feed == .notifications, settings.any, !focused else { return nil }
        let title = accounts > 1 ? "Tern · \(name)" : "Tern"
        func groups(_ s: FeedSnapshot) -> [NotificationGroup] {
            s.rows.compactMap { if case .notification(let g) = $0 { return g } else { return nil } }
        }
        // New since the last snapshot: newer than anything it had (a group a second follower joins is newer too).
        guard let newestBefore = groups(before).map(\.newestID).max(by: { ServerID.isNewer($1, than: $0) }) else { return nil }
        guard let (group, mode) = groups(now).lazy.compactMap({ group -> (NotificationGroup, TerminalAlert.Mode)? in
            guard ServerID.isNewer(group.newestID, than: newestBefore), let kind = AlertSettings.kind(of: group),
                  settings[kind] != .off else { return nil }
            return (group, settings[kind])
        }).first else { return nil }
        return TerminalAlert.bytes(title: title, body: group.summary, mode: mode, terminal: terminal,
                                   insideTmux: environment["TMUX"] != nil, passthrough: passthrough, environment: environment)
    }
}
