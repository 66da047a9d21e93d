import TernModel

/// The links the server's users share most (`t`'s "Trending links").
enum TrendingLinksMenu {
    /// The links shared most, each opened in the browser by Enter.
    static func menu(_ links: [LinkCard]) -> [Effect] {
        guard !links.isEmpty else { return [.say("No links are trending on this server.", error: false)] }
        let items = links.map { Choice(label: "\($0.title) · \($0.provider)", effects: [.openURL($0.url)]) }
        return [.push(.choice(title: "Trending links: Enter opens one", items: items))]
    }
}
