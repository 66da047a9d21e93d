import Foundation
import TernModel

/// Which posts a catch-up covers: those since the home timeline's "read up to here" line (the default),
/// those of the last few hours, or those since the newest post of the last catch-up.
package enum CatchUpWindow: Sendable, Hashable {
    case sinceReadMark
    case lastHours(Int)
    case sinceLastCatchUp

    /// The hours offered, in the order a key steps through them.
    package static let hourChoices = [1, 2, 4, 8, 12, 24]

    /// The windows in the order a key steps through them.
    package static let all: [CatchUpWindow] = [.sinceReadMark] + hourChoices.map { .lastHours($0) } + [.sinceLastCatchUp]

    /// The next window after this one, round.
    package var next: CatchUpWindow {
        let i = Self.all.firstIndex(of: self) ?? 0
        return Self.all[(i + 1) % Self.all.count]
    }

    /// How the window is said on screen and in plain text.
    package var words: String {
        switch self {
        case .sinceReadMark: return "since the read mark"
        case .lastHours(let h): return h == 1 ? "the last hour" : "the last \(h) hours"
        case .sinceLastCatchUp: return "since the last catch-up"
        }
    }

    /// The same after a noun: "posts in the last 4 hours", "posts since the read mark".
    package var after: String {
        if case .lastHours = self { return "in " + words }
        return words
    }
}

/// Where a window's posts stop, going down the timeline from its newest post: the first post at or below
/// `afterID` (a post the user has seen), or older than `after`. Nil on both: every stored post.
package struct CatchUpBounds: Sendable, Hashable {
    package var afterID: String?
    package var after: Date?

    package init(afterID: String? = nil, after: Date? = nil) {
        self.afterID = afterID
        self.after = after
    }

    /// `window` made concrete: the read mark's post, the last catch-up's newest post, or a time before `now`.
    package init(_ window: CatchUpWindow, readMarkID: String?, lastCatchUpID: String?, now: Date) {
        switch window {
        case .sinceReadMark: self.init(afterID: readMarkID)
        case .sinceLastCatchUp: self.init(afterID: lastCatchUpID)
        case .lastHours(let h): self.init(after: now.addingTimeInterval(-Double(h) * 3600))
        }
    }

    /// Whether a stored entry is inside the window: by its id and time, or a boost that came in since (a
    /// boost carries its post's time, so a boost of an old post above the window's start is in it).
    package func holds(_ post: Post) -> Bool {
        holds(entryID: post.id, createdAt: post.createdAt)
            || (post.boostedBy != nil && (afterID == nil || ServerID.isNewer(post.id, than: afterID ?? "")))
    }

    /// Whether the window has a start at all (nil on both: every stored post, nothing older to fetch).
    package var hasStart: Bool { afterID != nil || after != nil }

    /// Whether a timeline entry (by its id and its time) is inside the window.
    package func holds(entryID: String, createdAt: Date) -> Bool {
        if let afterID, !ServerID.isNewer(entryID, than: afterID) { return false }
        if let after, createdAt < after { return false }
        return true
    }
}
