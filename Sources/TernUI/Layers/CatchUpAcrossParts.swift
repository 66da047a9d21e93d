import Foundation
import TernFeed

/// The accounts' windows of a Catch-up across accounts as they come in, one message each
/// (`LayerMessage.catchUpOf`), and the fetch's progress summed over them: the screen shows the window once
/// every account asked has answered, merged (`CatchUpLoad.merging`).
struct AcrossParts {
    private var loads: [String: CatchUpLoad] = [:]
    private var failures: [String: String] = [:]
    private var progress: [String: CatchUpFetch.Progress] = [:]

    /// The accounts whose fetch has said how far it got (what Esc stops), in their order.
    var fetching: [String] { progress.keys.sorted() }

    /// One account's fetch has got this far: the progress of all of them.
    mutating func fetched(_ p: CatchUpFetch.Progress, by account: String) -> CatchUpFetch.Progress {
        progress[account] = p
        return progress.values.reduce(CatchUpFetch.Progress()) { CatchUpFetch.Progress(posts: $0.posts + $1.posts, pages: $0.pages + $1.pages) }
    }

    /// One account's answer. Once every account asked has answered: their windows merged (nil when none
    /// could be read) and why none could; an account that could not is named in the notes. The answers are
    /// then forgotten, for the next window.
    mutating func arrived(_ account: String, among: [String], window: CatchUpWindow, _ load: CatchUpLoad?,
                          _ failure: String?) -> (load: CatchUpLoad?, failure: String?)? {
        if let load { loads[account] = load } else { failures[account] = failure ?? "no answer" }
        guard among.allSatisfy({ loads[$0] != nil || failures[$0] != nil }) else { return nil }
        let read = among.compactMap { a in loads[a].map { (account: a, load: $0) } }
        let unread = among.compactMap { a in failures[a].map { "\(a): could not be read: \($0)" } }
        self = AcrossParts()
        guard !read.isEmpty else { return (nil, unread.joined(separator: "; ")) }
        var merged = CatchUpLoad.merging(read, window: window)
        merged.notes += unread
        return (merged, nil)
    }
}
