import Foundation
import TernFeed
import TernModel
import XCTest

/// Each order of a catch-up, on fixed posts.
final class CatchUpOrderTests: XCTestCase {
    typealias F = CatchUpFixtures
    let quiet = F.person("quiet", "Quiet Quinn")
    let loud = F.person("loud", "Loud Lou")
    let mid = F.person("mid", "Mid Mo")

    /// Quinn usually gets 2, Lou 400, Mo 20; the window's posts are the first of each, the rest history.
    lazy var window: [Post] = [
        F.post("110", by: quiet, minutesAgo: 10, likes: 15, boosts: 5, replies: 1),   // 20 from someone who gets 2: 10×
        F.post("109", by: loud, minutesAgo: 20, likes: 30, boosts: 10, replies: 9),   // 40 from someone who gets 400: 0.1×
        F.post("108", by: mid, minutesAgo: 30, likes: 25, boosts: 15, replies: 3),    // 40 from someone who gets 20: 2×
        F.post("107", by: loud, minutesAgo: 40, likes: 500, boosts: 100, replies: 2), // 600 over 400: 1.5×
    ]
    lazy var history: [Post] = [
        F.post("10", by: quiet, minutesAgo: 900, likes: 1, boosts: 1), F.post("11", by: quiet, minutesAgo: 910, likes: 2),
        F.post("12", by: quiet, minutesAgo: 920, likes: 3),
        F.post("20", by: loud, minutesAgo: 900, likes: 300, boosts: 100), F.post("21", by: loud, minutesAgo: 910, likes: 400),
        F.post("22", by: loud, minutesAgo: 920, likes: 450, boosts: 50),
        F.post("30", by: mid, minutesAgo: 900, likes: 20), F.post("31", by: mid, minutesAgo: 910, likes: 10, boosts: 10),
    ]

    private func order(_ ordering: any CatchUpOrdering) -> [String] {
        let usual = AuthorUsual(window + history)
        return ordering.sorted(CatchUpItem.gather(window), usual: usual).map(\.post.id)
    }

    func testTheAuthorsUsualIsTheMedianOfTheirPostsHeld() {
        let usual = AuthorUsual(window + history)
        XCTAssertEqual(usual.median(of: "quiet"), 2.5)   // 20, 2, 2, 3 → 2 and 3
        XCTAssertEqual(usual.median(of: "loud"), 400)    // 40, 600, 400, 400, 500
        XCTAssertEqual(usual.median(of: "mid"), 20)      // 40, 20, 20
        XCTAssertEqual(usual.median(of: "nobody"), 0)
    }

    func testStandOutsRankAttentionAgainstTheAuthorsUsual() {
        // 20 from Quinn (8×) above 40 from Mo (2×) above 600 from Lou (1.5×) above 40 from Lou (0.1×).
        XCTAssertEqual(order(StandOutOrder()), ["110", "108", "107", "109"])
    }

    func testAnAuthorWhoUsuallyGetsNothingIsNotInfinitelyLoud() {
        let newcomer = F.person("new")
        let posts = [F.post("2", by: newcomer, minutesAgo: 1, likes: 3), F.post("1", by: quiet, minutesAgo: 2, likes: 30)]
        let usual = AuthorUsual(posts + [F.post("0", by: newcomer, minutesAgo: 99), F.post("01", by: newcomer, minutesAgo: 98),
                                         F.post("00", by: quiet, minutesAgo: 99, likes: 2)])
        XCTAssertEqual(usual.median(of: "new"), 0)
        let items = CatchUpItem.gather(posts)
        // Measured against at least 1: 3 likes score 3, above Quinn's 30 over a usual 16.
        XCTAssertEqual(StandOutOrder().score(items[0], usual: usual), 3)
        XCTAssertEqual(StandOutOrder().sorted(items, usual: usual).map(\.post.id), ["2", "1"])
    }

    func testNewestLikedBoostedAndRepliedOrders() {
        XCTAssertEqual(order(NewestOrder()), ["110", "109", "108", "107"])
        XCTAssertEqual(order(MostLikedOrder()), ["107", "109", "108", "110"])
        XCTAssertEqual(order(MostBoostedOrder()), ["107", "108", "109", "110"])
        XCTAssertEqual(order(MostRepliedOrder()), ["109", "108", "107", "110"])
    }

    func testEqualScoresGoNewestFirst() {
        let posts = [F.post("3", by: quiet, minutesAgo: 3, likes: 5), F.post("5", by: mid, minutesAgo: 1, likes: 5),
                     F.post("4", by: loud, minutesAgo: 2, likes: 5)]
        XCTAssertEqual(MostLikedOrder().sorted(CatchUpItem.gather(posts), usual: AuthorUsual(posts)).map(\.post.id), ["5", "4", "3"])
    }

    func testOrdersAreNamedAndStepRound() {
        XCTAssertEqual(CatchUpOrders.all.map(\.name), ["newest", "stand-outs", "liked", "boosted", "replied"])
        XCTAssertEqual(CatchUpOrders.named("Stand-outs")?.name, "stand-outs")
        XCTAssertNil(CatchUpOrders.named("loudest"))
        XCTAssertEqual(CatchUpOrders.after(MostRepliedOrder()).name, "newest")
    }
}
