import Foundation
import TernModel

/// A link that two or more people posted or boosted in the window: its card, who shared it, and their posts.
package struct SharedLink: Sendable, Hashable, Identifiable {
    /// The link's address, tracking taken off (`LinkAddress`).
    package var url: String
    /// The card the server made of it, from one of the posts that has one.
    package var card: LinkCard?
    /// Who shared it, each once, in the order met (newest first).
    package var sharers: [Account]
    /// The statuses that carry it, newest first.
    package var statusIDs: [String]

    package var id: String { url }

    /// The links of `items` (newest first) that at least `minimum` people shared, most shared first.
    package static func among(_ items: [CatchUpItem], minimum: Int = 2) -> [SharedLink] {
        var links: [String: SharedLink] = [:]
        var order: [String] = []
        // The same links come again and again (a story several shared): each address is made canonical once.
        var canonical: [String: String?] = [:]
        for i in items.indices {
            let urls = addresses(of: items[i], canonical: &canonical)
            guard !urls.isEmpty else { continue }
            let people = (items[i].posted ? [items[i].author] : []) + items[i].boosters
            for url in Set(urls) {
                if links[url] == nil {
                    links[url] = SharedLink(url: url, card: nil, sharers: [], statusIDs: [])
                    order.append(url)
                }
                if links[url]?.card == nil, let card = items[i].post.card, Self.canonical(card.url, &canonical) == url { links[url]?.card = card }
                links[url]?.statusIDs.append(items[i].id)
                for person in people where !(links[url]?.sharers.contains { $0.id == person.id } ?? true) {
                    links[url]?.sharers.append(person)
                }
            }
        }
        return order.compactMap { links[$0] }.filter { $0.sharers.count >= minimum }
            .enumerated().sorted { a, b in
                a.element.sharers.count != b.element.sharers.count ? a.element.sharers.count > b.element.sharers.count : a.offset < b.offset
            }
            .map(\.element)
    }

    /// The web links an item's post carries: its card's and those in its text (not mentions or hashtags),
    /// canonical (`LinkAddress`, remembered in `canonical`). The post is read in place, not copied.
    static func addresses(of item: CatchUpItem, canonical: inout [String: String?]) -> [String] {
        var urls: [String] = item.post.card.map { [$0.url] } ?? []
        for paragraph in item.post.content.paragraphs {
            for line in paragraph {
                for run in line { if case .link(let url) = run.style { urls.append(url) } }
            }
        }
        return urls.compactMap { Self.canonical($0, &canonical) }
    }

    private static func canonical(_ url: String, _ known: inout [String: String?]) -> String? {
        if let made = known[url] { return made }
        let made = LinkAddress.canonical(url)
        known[url] = made
        return made
    }
}
