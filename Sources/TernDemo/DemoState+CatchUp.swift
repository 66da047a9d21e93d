import Foundation

/// What gives Catch-up something to rank in the demo, made after the world (so every other post, and what
/// earlier tests read, stays as it was): loud authors, one post boosted by several, one article shared by
/// several with and without tracking, and the followed hashtag of the config (`DemoConfig.followedTags`).
extension DemoState {
    /// The article several people share among the newest posts.
    static let sharedStory = "https://news.example.org/2026/11/reading-the-fediverse-in-a-terminal"
    /// How each sharer's copy of it looks: as it is, with a newsletter's tracking, with a click id.
    static let sharedStoryCopies = [sharedStory, sharedStory + "?utm_source=mastodon&utm_medium=social", sharedStory + "?fbclid=IwAR0demo"]

    /// Whether an account is one of the loud ones: every sixth draws ten times the likes and five times the boosts.
    static func isLoud(_ authorIndex: Int) -> Bool { authorIndex % 6 == 1 }

    static func shapeForCatchUp(_ made: inout [DemoPost], world: DemoWorld) {
        for i in made.indices where made[i].boostOf == nil && isLoud(made[i].authorIndex) {
            made[i].favouritesCount *= 10
            made[i].boostsCount *= 5
        }
        let newest = max(0, made.count - 40)
        // One post, an original from just below the first page, boosted by every boost among the newest 40 but
        // the one second from the top: the boost of the moving picture, which the tests open, stays as it was.
        if let target = made[max(0, made.count - 60)..<newest].last(where: { $0.boostOf == nil && $0.quote == nil && $0.poll == nil }) {
            for i in newest..<made.count where i != made.count - 2 && made[i].boostOf != nil && made[i].authorIndex != target.authorIndex {
                made[i].boostOf = target.id
            }
        }
        // The article, by three people, in posts below the first screen with no card of their own.
        var sharers: Set<Int> = []
        var copies = sharedStoryCopies.makeIterator()
        for i in stride(from: made.count - 8, to: newest, by: -3) {
            guard made[i].boostOf == nil, made[i].quote == nil, DemoCards.card(for: made[i].html, base: "") == nil,
                  !sharers.contains(made[i].authorIndex), let copy = copies.next() else { continue }
            sharers.insert(made[i].authorIndex)
            made[i].html += "<p>" + DemoText(host: world.host).link(copy) + "</p>"
        }
    }
}
