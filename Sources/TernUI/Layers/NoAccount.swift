import TernModel

/// Tern with web feeds and no fediverse account: only the feeds' lists and what reads them work. What
/// needs an account (writing, notifications, the server's timelines, people) is answered with how to add
/// one rather than with an empty screen or an "offline" that is not true.
enum NoAccount {
    static let message = "No fediverse account: `tern login <server>` adds one."

    /// Where such a session starts and where Esc leads back to.
    static let home = TimelineID.allWebFeeds

    /// Whether an effect works without an account; the rest are answered with `message`.
    static func works(_ effect: Effect) -> Bool {
        switch effect {
        case .push(let spec):
            switch spec {
            case .feed(.timeline(let t)): return t.isWebFeeds
            case .feed: return false
            case .help, .screenHelp, .picker, .search, .gallery, .choice, .confirm, .grid, .article, .translation: return true
            case .poll, .report, .compose, .prompt, .catchUp, .catchUpAcross: return false
            }
        case .switchTimeline(let t): return t.isWebFeeds
        case .feed, .pop, .toggleWarning, .thumbnails, .retryImages, .loadLarge, .openURL, .play, .say, .repaint, .copy,
             .focusPost, .fetchWebFeedLists, .markWebFeedsRead, .loadArticle, .quit:
            return true
        default: return false
        }
    }

    /// The effects with each one that needs an account replaced by the message (said once). Asking for the
    /// user's lists, as `t` does beside the feeds' own, goes quietly: the picker offers the feeds' lists.
    static func screen(_ effects: [Effect]) -> [Effect] {
        var out: [Effect] = [], said = false
        for effect in effects where effect != .fetchLists {
            if works(effect) { out.append(effect) } else if !said { out.append(.say(message, error: false)); said = true }
        }
        return out
    }
}
