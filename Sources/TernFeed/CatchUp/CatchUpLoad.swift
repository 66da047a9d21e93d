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

    package init(window: CatchUpWindow, pool: CatchUpPool, cut: Bool = false, notes: [String] = []) {
        (self.window, self.pool, self.cut, self.notes) = (window, pool, cut, notes)
    }

    /// `client`: the server to ask for the keyword filters and the followed hashtags; nil offline, when the
    /// server's verdicts on each post stand and there is no followed-hashtags facet.
    /// `ownAccountID`: the user's, whose posts and boosts are left out.
    package static func load(data: AccountData, window: CatchUpWindow, client: MastodonClient?, ownAccountID: String? = nil, now: Date = Date(),
                             logger: Logger = Logger(label: "tern.catchup")) async throws -> CatchUpLoad {
        let reader = CatchUpReader(data: data)
        let marks = try await reader.marks()
        var notes: [String] = []
        if window == .sinceLastCatchUp, marks.lastCatchUp == nil { notes.append("No catch-up was read before: every cached post is in it.") }
        if window == .sinceReadMark, marks.readMark == nil { notes.append("Home has no read mark yet: every cached post is in it.") }
        let read = try reader.read(CatchUpBounds(window, readMarkID: marks.readMark, lastCatchUpID: marks.lastCatchUp, now: now))
        var filters: [FilterInfo]?, followed: Set<String> = []
        if let client {
            do { filters = try await client.filters() } catch {
                logger.info("catch-up: no keyword filters from the server", metadata: ["error": "\(error)"])
                notes.append("The keyword filters could not be read (\(error)): the server's word on each post stands.")
            }
            do { followed = Set(try await client.followedHashtags().map(\.name)) } catch {
                logger.info("catch-up: no followed hashtags from the server", metadata: ["error": "\(error)"])
                notes.append("The followed hashtags could not be read (\(error)).")
            }
        }
        let sieve = CatchUpSieve(hidden: try data.hidden(now: now), filters: filters, now: now, ownAccountID: ownAccountID)
        let pool = CatchUpPool(entries: read.entries, usual: AuthorUsual(read.entries, read.older), sieve: sieve, followedTags: followed)
        if read.gaps > 0 {
            notes.append("The cache lacks posts inside this window (\(read.gaps == 1 ? "a gap" : "\(read.gaps) gaps") Home has not filled): they are not in it.")
        }
        if read.cut { notes.append("The window holds more than \(reader.limit) posts: the oldest are left out.") }
        return CatchUpLoad(window: window, pool: pool, cut: read.cut, notes: notes)
    }
}
