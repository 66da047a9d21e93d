/// Link cards as Mastodon makes them for a post's first link: the page's title, words and site, and its
/// picture (generated here, under `/media/card-N/`). Three of the demo's four link targets have a card
/// with a picture; the fourth (a docs page) has none, as many pages have none.
enum DemoCards {
    private static let pages: [(title: String, summary: String, provider: String, width: Int, height: Int)] = [
        ("A very long article about terminals and feeds", "Why the terminal is still where many of us read.", "Example Articles", 1200, 630),
        ("Notes on slow computing", "Fewer, better tools, and the time they give back.", "Example Blog", 800, 800),
        ("Autumn: leaves and light", "A gallery of the season.", "Example Photos", 1600, 900),
    ]

    static func card(for html: String, base: String) -> WireCard? {
        // The article several share (`DemoState.sharedStory`): one card for its page, whatever was added to its address.
        if html.contains(DemoState.sharedStory) {
            return WireCard(url: DemoState.sharedStory, title: "Reading the fediverse in a terminal", description: "Why some people never left.",
                            providerName: "Example News", image: "\(base)/media/card-0/small.jpg", width: pages[0].width, height: pages[0].height)
        }
        for (i, target) in DemoText.linkTargets.enumerated() where html.contains(DemoText.escape(target)) {
            guard i < pages.count else { return nil }
            let page = pages[i]
            return WireCard(url: target, title: page.title, description: page.summary, providerName: page.provider,
                            image: "\(base)/media/card-\(i)/small.jpg", width: page.width, height: page.height)
        }
        return nil
    }

    /// Every page with a card, as `/api/v1/trends/links` lists them.
    static func all(base: String) -> [WireCard] {
        DemoText.linkTargets.indices.compactMap { i in i < pages.count ? card(for: DemoText.escape(DemoText.linkTargets[i]), base: base) : nil }
    }

    /// The picture of card `card-N`, drawn from its page's size.
    static func picture(id: String) -> DemoMedia? {
        guard id.hasPrefix("card-"), let i = Int(id.dropFirst(5)), pages.indices.contains(i) else { return nil }
        // Photographs, as most pages' pictures are: grain, and as many colours as a photo has.
        let spec = ImageSpec(seed: 0xCA4D + UInt64(i), width: pages[i].width, height: pages[i].height, format: .jpeg,
                             pattern: ImageSpec.Pattern.allCases[i % ImageSpec.Pattern.allCases.count], photoLike: true)
        return DemoMedia(id: id, spec: spec, blurhash: "", description: pages[i].title)
    }
}

/// `card`: Mastodon's preview of a post's link.
struct WireCard: Encodable, Sendable {
    var url: String
    var title: String
    var description: String
    var type = "link"
    var providerName: String
    var image: String?
    var width: Int
    var height: Int
}
