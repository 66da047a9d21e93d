import TernModel

/// The links the server's users share most (`t`'s "Trending links"): asked off the loop, then a menu.
extension AppRunner {
    func fetchTrendingLinks() {
        askServer("Asking the server which links are shared most…", failed: "Couldn't list the trending links",
                  absent: "This server has no trending links.", { try await $0.trendingLinks() }, answer: { [.layer(.trendingLinks($0))] })
    }

    /// The links shared most, each opened in the browser by Enter.
    static func trendingLinksChoice(_ links: [LinkCard]) -> [Effect] {
        guard !links.isEmpty else { return [.say("No links are trending on this server.", error: false)] }
        let items = links.map { Choice(label: "\($0.title) · \($0.provider)", effects: [.openURL($0.url)]) }
        return [.push(.choice(title: "Trending links: Enter opens one", items: items))]
    }
}
