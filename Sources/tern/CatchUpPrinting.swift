import Foundation
import TernFeed
import TernModel
import TernUI

/// A catch-up as `tern catchup` prints it: a heading (the window and its times, local, the order, the facets' counts, what was
/// left out), the links several shared, the most active authors, then the posts (by author with `--group`)
/// as `tern --plain` prints them; or the same as JSON. Every server string passes the sanitizer on the way.
struct CatchUpPrinting {
    var load: CatchUpLoad
    var view: CatchUpView
    var order: any CatchUpOrdering
    var kinds: Set<CatchUpKind>
    var grouped: Bool
    var count: Int

    private var shownItems: [CatchUpItem] { Array(view.items.prefix(count)) }

    func plain(width: Int, now: Date) -> String {
        var out: [String] = []
        let kindWords = kinds.isEmpty ? "" : " · only " + CatchUpKind.allCases.filter(kinds.contains).map(\.words).joined(separator: ", ")
        let times = load.span.map { " (\(CatchUpLoad.times($0, now: now)))" } ?? ""
        out.append("Catch-up \(load.window.after)\(times): \(Counted.words(view.items.count, "post")), \(order.name) first\(kindWords)")
        let facets = load.pool.facets.words
        if !facets.isEmpty { out.append(facets) }
        if let left = load.pool.leftOut.words { out.append(left) }
        if !view.links.isEmpty {
            out.append("")
            out.append("Shared by several:")
            for link in view.links {
                let title = link.card.map { " “\(Sanitizer.clean($0.title))” (\(Sanitizer.clean($0.provider)))" } ?? ""
                out.append("  \(Sanitizer.clean(link.url))\(title)")
                out.append("    shared by \(Self.names(link.sharers.map(\.shownName)))")
            }
        }
        if !view.activeAuthors.isEmpty {
            out.append("")
            out.append("Most active: " + view.activeAuthors.map { "\(Sanitizer.clean($0.author.shownName)) \($0.items.count)" }.joined(separator: " · "))
        }
        let items = shownItems
        if grouped {
            // Each group's heading counts all its posts in the window, as `--help` says; `--count` limits only
            // the posts printed under the headings.
            var left = count
            for group in AuthorGroup.grouping(view.items) where left > 0 {
                out.append("")
                out.append("== " + Sanitizer.clean(group.words) + " ==")
                for item in group.items.prefix(left) { out.append(""); out += lines(item, width: width, now: now) }
                left -= min(left, group.items.count)
            }
        } else {
            for item in items { out.append(""); out += lines(item, width: width, now: now) }
        }
        if view.items.count > items.count { out += ["", "… and \(view.items.count - items.count) more (--count)"] }
        return out.joined(separator: "\n") + "\n"
    }

    /// A post as `tern --plain` prints it, its boosters named once above it and a warning filter's title.
    private func lines(_ item: CatchUpItem, width: Int, now: Date) -> [String] {
        var post = item.post
        post.boostedBy = nil
        var out: [String] = []
        if let boosted = item.boostedByWords { out.append(Sanitizer.clean(boosted.prefix(1).uppercased() + boosted.dropFirst() + ":")) }
        if !post.filterWarnings.isEmpty { out.append("Filtered: " + Sanitizer.clean(post.filterWarnings.joined(separator: ", "))) }
        return out + PlainPost.lines(post, width: width, now: now)
    }

    /// "Ann", "Ann and Bo", "Ann, Bo and Cy", cleaned.
    static func names(_ names: [String]) -> String {
        let clean = names.map { Sanitizer.clean($0) }
        guard clean.count > 1 else { return clean.first ?? "" }
        return clean.dropLast().joined(separator: ", ") + " and " + (clean.last ?? "")
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(CatchUpJSON(self)), as: UTF8.self) + "\n"
    }
}

/// `tern catchup --json`'s shape.
private struct CatchUpJSON: Encodable {
    struct Person: Encodable {
        var id, acct, name: String
        init(_ a: Account) { (id, acct, name) = (Sanitizer.clean(a.id), Sanitizer.clean(a.acct), Sanitizer.clean(a.shownName)) }
    }
    struct Item: Encodable {
        var id, statusID: String
        var url: String?
        var author: Person
        var createdAt: Date
        /// The newest boost's time, where the post came into the window only as boosts.
        var boostedAt: Date?
        var text: String
        /// The post's content warning, where it has one (its text is what the warning covers).
        var contentWarning: String?
        var likes, boosts, replies: Int
        /// The user's own marks on it.
        var liked, boosted, saved: Bool
        var boostedBy: [Person]
        var kinds: [String]
        var filtered: [String]
    }
    struct Link: Encodable {
        var url: String
        var title, site: String?
        var sharedBy: [Person]
        var statusIDs: [String]
    }
    struct Group: Encodable {
        var author: Person
        var posts: Int
        var likes: Int
        var statusIDs: [String]
    }
    var window, order: String
    /// The window's times: its start and its newest post (absent when it holds no post).
    var from, to: Date?
    var kinds: [String]
    var total: Int
    var facets: [String: Int?]
    var leftOut: [String: Int]
    var links: [Link]
    var mostActive: [Group]
    var groups: [Group]?
    var posts: [Item]

    init(_ p: CatchUpPrinting) {
        window = p.load.window.words
        (from, to) = (p.load.span?.lowerBound, p.load.span?.upperBound)
        order = p.order.name
        kinds = CatchUpKind.allCases.filter(p.kinds.contains).map(\.rawValue)
        total = p.view.items.count
        // Every kind, those with none too; the followed hashtags' null where they are not known (offline).
        facets = Dictionary(uniqueKeysWithValues: CatchUpKind.allCases.map { kind in
            (kind.rawValue, kind == .hashtags && !p.load.tagsKnown ? nil : p.load.pool.facets[kind])
        })
        leftOut = Dictionary(uniqueKeysWithValues: p.load.pool.leftOut.counts.map { ($0.key.rawValue, $0.value) })
        links = p.view.links.map { l in
            Link(url: Sanitizer.clean(l.url), title: l.card.map { Sanitizer.clean($0.title) }, site: l.card.map { Sanitizer.clean($0.provider) },
                 sharedBy: l.sharers.map(Person.init), statusIDs: l.statusIDs.map { Sanitizer.clean($0) })
        }
        func group(_ g: AuthorGroup) -> Group {
            Group(author: Person(g.author), posts: g.items.count, likes: g.likes, statusIDs: g.items.map { Sanitizer.clean($0.id) })
        }
        mostActive = p.view.activeAuthors.map(group)
        let shown = Array(p.view.items.prefix(p.count))
        groups = p.grouped ? AuthorGroup.grouping(p.view.items).map(group) : nil
        posts = shown.map { item in
            Item(id: Sanitizer.clean(item.post.id), statusID: Sanitizer.clean(item.id), url: item.post.url.map { Sanitizer.clean($0) },
                 author: Person(item.author), createdAt: item.post.createdAt, boostedAt: item.posted ? nil : item.post.boostedAt,
                 text: Sanitizer.clean(item.post.content.plainText, keepingLineBreaks: true),
                 contentWarning: item.post.spoilerText.isEmpty ? nil : Sanitizer.clean(item.post.spoilerText),
                 likes: item.post.favouritesCount, boosts: item.post.boostsCount, replies: item.post.repliesCount,
                 liked: item.post.favourited, boosted: item.post.boosted, saved: item.post.bookmarked,
                 boostedBy: item.boosters.map(Person.init),
                 kinds: item.kinds.kinds.map(\.rawValue),
                 filtered: item.post.filterWarnings.map { Sanitizer.clean($0) })
        }
    }
}
