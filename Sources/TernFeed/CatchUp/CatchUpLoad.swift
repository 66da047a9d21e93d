import Foundation
import Logging
import TernMastodon
import TernModel
import TernStore

/// A catch-up made ready from the store: the window read, what the user hid and filters, the hashtags they
/// follow. The screen and `tern catchup` both make theirs here, off the UI loop.
package struct CatchUpLoad: Sendable {
    package var window: CatchUpWindow
    package var pool: CatchUpPool
    /// The window went on past what a catch-up reads (`CatchUpReader.limit`): its oldest posts are left.
    package var cut: Bool
    /// What could not be known, in words for the user (the filters or followed hashtags, offline).
    package var notes: [String]
    /// The times the window covers: its start (the hours' start, else its oldest post) and its newest post;
    /// nil when it holds no post.
    package var span: ClosedRange<Date>?
    /// The server said which hashtags the user follows: else the followed-hashtags facet's count is not known
    /// (offline, or the server would not say), rather than none.
    package var tagsKnown: Bool
    /// Across accounts (`merging`): the accounts whose windows it holds, in their order; empty for one account's.
    package var accounts: [String] = []
    /// The cache's window as it was before the fetch of what it lacked: shown while that runs, and followed by
    /// the window read again after it (with the server's filters and followed hashtags).
    package var provisional = false
    /// Nothing was fetched before it was read (offline), or the fetch failed: the cache's word alone.
    package var unfetched = false

    package init(window: CatchUpWindow, pool: CatchUpPool, cut: Bool = false, notes: [String] = [], span: ClosedRange<Date>? = nil,
                 tagsKnown: Bool = true) {
        (self.window, self.pool, self.cut, self.notes, self.span, self.tagsKnown) = (window, pool, cut, notes, span, tagsKnown)
    }

    /// The window's span from its posts: from the hours' start (`after`), else its oldest original post (a
    /// boost carries its post's older time), to its newest post.
    static func span(of entries: [Post], after: Date?) -> ClosedRange<Date>? {
        guard let newest = entries.map(\.createdAt).max() else { return nil }
        let start = after ?? entries.last(where: { $0.boostedBy == nil })?.createdAt ?? entries.map(\.createdAt).min() ?? newest
        return min(start, newest)...newest
    }

    /// What the store holds for a window, read once: the marks it is measured from, its posts and the older ones
    /// for the authors' usual, what the user hid. A fetch that brought nothing leaves it as true as it was, so
    /// the screen ranks it again with the server's filters rather than reading the store a second time.
    package struct Held: Sendable {
        var window: CatchUpWindow
        var marks: (readMark: String?, lastCatchUp: String?)
        var bounds: CatchUpBounds
        var read: CatchUpReader.Window
        var hidden: [HiddenEntry]
        /// The most posts the read takes (`CatchUpReader.limit`).
        var limit: Int
    }

    /// Reads the window from the store (`CatchUpReader`) with what the user hid.
    package static func read(data: AccountData, window: CatchUpWindow, now: Date = Date()) async throws -> Held {
        let reader = CatchUpReader(data: data)
        let marks = try await reader.marks()
        let bounds = CatchUpBounds(window, readMarkID: marks.readMark, lastCatchUpID: marks.lastCatchUp, now: now)
        return Held(window: window, marks: marks, bounds: bounds, read: try reader.read(bounds), hidden: try data.hidden(now: now),
                    limit: reader.limit)
    }

    /// `client`: the server to ask for the keyword filters and the followed hashtags; nil offline, when the
    /// server's verdicts on each post stand and there is no followed-hashtags facet. `fetched`: how the fetch
    /// of what the store lacked went (`CatchUpFetch`); nil when nothing was fetched (offline).
    /// `ownAccountID`: the user's, whose posts and boosts are left out.
    package static func load(data: AccountData, window: CatchUpWindow, client: MastodonClient?, fetched: CatchUpFetch.Outcome? = nil,
                             ownAccountID: String? = nil, now: Date = Date(),
                             logger: Logger = Logger(label: "tern.catchup")) async throws -> CatchUpLoad {
        let held = try await read(data: data, window: window, now: now)
        return await ranking(held, client: client, fetched: fetched, ownAccountID: ownAccountID, now: now, logger: logger)
    }

    /// The catch-up of a window read (`read`), as `load` makes it.
    package static func ranking(_ held: Held, client: MastodonClient?, fetched: CatchUpFetch.Outcome? = nil, ownAccountID: String? = nil,
                                now: Date = Date(), logger: Logger = Logger(label: "tern.catchup")) async -> CatchUpLoad {
        let (window, marks, bounds, read) = (held.window, held.marks, held.bounds, held.read)
        var notes: [String] = fetched?.notes ?? []
        if fetched == nil, client == nil {
            // The followed hashtags are the server's alone: offline their facet is empty for want of them, not of posts.
            notes.append("Offline: nothing was fetched, so posts newer than the cache's are not in it, and the hashtags you follow are not known.")
        }
        if window == .sinceLastCatchUp, marks.lastCatchUp == nil { notes.append("No catch-up was read before: every cached post is in it.") }
        if window == .sinceReadMark, marks.readMark == nil { notes.append("Home has no read mark yet: every cached post is in it.") }
        var filters: [FilterInfo]?, followed: Set<String> = [], tagsKnown = false
        if let client {
            do { filters = try await client.filters() } catch {
                logger.info("catch-up: no keyword filters from the server", metadata: ["error": "\(error)"])
                notes.append("The keyword filters could not be read (\(error)): the server's word on each post stands.")
            }
            do {
                followed = Set(try await client.followedHashtags().map(\.name))
                tagsKnown = true
            } catch {
                logger.info("catch-up: no followed hashtags from the server", metadata: ["error": "\(error)"])
                notes.append("The followed hashtags could not be read (\(error)).")
            }
        }
        let sieve = CatchUpSieve(hidden: held.hidden, filters: filters, now: now, ownAccountID: ownAccountID)
        let pool = CatchUpPool(entries: read.entries, usual: AuthorUsual(read.entries, older: read.older), sieve: sieve, followedTags: followed)
        if read.gaps > 0 {
            notes.append("The cache lacks posts inside this window (\(read.gaps == 1 ? "a gap" : "\(read.gaps) gaps") Home has not filled): they are not in it.")
        }
        if bounds.hasStart, !read.reachesStart, !read.cut, fetched?.missing.contains(.older) ?? true {
            let oldest = (read.entries.last?.createdAt).map { " (its oldest post is from \(Self.time($0, now: now)))" } ?? ""
            notes.append("The cache does not reach back to the window's start\(oldest): older posts are not in it.")
        }
        if read.cut { notes.append("The window holds more than \(held.limit) posts: the oldest are left out.") }
        var load = CatchUpLoad(window: window, pool: pool, cut: read.cut, notes: notes, span: span(of: read.entries, after: bounds.after),
                               tagsKnown: tagsKnown)
        load.unfetched = fetched.map { $0.failure != nil } ?? (client == nil)
        return load
    }

    /// The window's times as a heading says them: "14:05 to 16:40"; with the days where they are not both today
    /// ("29 Nov 2026 at 02:34 to 30 Nov 2026 at 02:32": the end's day was left out, and it read as going back);
    /// one time where the window holds one moment.
    package static func times(_ span: ClosedRange<Date>, now: Date) -> String {
        let withDay = !isToday(span.lowerBound, now) || !isToday(span.upperBound, now)
        let start = stamp(span.lowerBound, withDay: withDay), end = stamp(span.upperBound, withDay: withDay)
        return start == end ? start : start + " to " + end
    }

    /// A time as the notes and headings say it: the hour and minute, local, with the day when it is not today.
    package static func time(_ date: Date, now: Date) -> String { stamp(date, withDay: !isToday(date, now)) }

    private static func isToday(_ date: Date, _ now: Date) -> Bool { Calendar.current.isDate(date, inSameDayAs: now) }

    private static func stamp(_ date: Date, withDay: Bool) -> String {
        date.formatted(date: withDay ? .abbreviated : .omitted, time: .shortened)
    }
}
