import TernModel
import TernTerminal

/// What a list says for a key that does nothing here, so no key is silent: a key the config moved, a key
/// no action has, Tab with one pane, `R` with no failed picture.
extension FeedLayer {
    /// A key no action has: where it is a standard key the config moved elsewhere, says where its action is
    /// now (`like = "l"` left `f` doing nothing, without a word); any other says where the keys are listed.
    static func unbound(_ key: Key, _ env: LayerEnv) -> [Effect] {
        guard let standard = Keymap.standard.action(for: key) else {
            // A key no keymap has still says so (a new user's `Z` did nothing and said nothing), as Catch-up does;
            // what is no key press (a resize, the focus, a function key the terminal names oddly) stays quiet.
            guard case .character = key else { return [] }
            let help = env.keymap.keys(for: .help).first.map { KeyName.name(of: $0) + " lists the keys" } ?? "no key lists the keys now"
            return [.say("\(KeyName.name(of: key)) does nothing here: \(help).", error: false)]
        }
        let name = KeyName.name(of: key)
        let now = env.keymap.keys(for: standard).map(KeyName.name(of:))
        let where_ = now.isEmpty ? "no key does \(standard.rawValue) now" : "\(standard.rawValue) is on \(now.joined(separator: " "))"
        return [.say("\(name) is not bound: \(where_) ([keys] in the config).", error: false)]
    }

    /// Tab reaches a list only with one pane (the runner moves it between two).
    static let onePane = "Tab moves between two panes: a post, thread or profile opened from a list shows beside it from "
        + "\(Panes.autoWidth) columns, or wherever both fit with layout = \"split\" in the config."

    /// `R` on a post without a failed picture.
    static let nothingToRetry = "No picture failed on this post: nothing to retry."
}
