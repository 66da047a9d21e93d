import Foundation
import TernFeed
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Layer tests of what a key asks of the server (quote, follow, boost) and of a short thread's shape.
extension LayerTests {
    /// `Q` opens compose for a quote where the author lets the user quote; where not, it says so and opens
    /// nothing; where the author reviews quotes it says that too; a private mention is quotable by no one.
    func testQQuotesWhereTheAuthorAllowsItAndSaysWhyNotElsewhere() {
        let e = env()
        func quote(_ approval: QuoteApproval?, visibility: String? = nil) -> [Effect] {
            var p = post(0)
            p.quoteApproval = approval
            p.visibility = visibility
            var stack = LayerStack(root: .home)
            stack.show(timeline([p]), e)
            _ = stack.apply(stack.settle(e))
            return press([.character("Q")], &stack, e)
        }
        var p = post(0)
        p.quoteApproval = .automatic
        XCTAssertEqual(quote(.automatic), [.compose(.quote(p))])
        p.quoteApproval = nil
        XCTAssertEqual(quote(nil), [.compose(.quote(p))], "a server that doesn't say: tried, and its answer tells")
        XCTAssertEqual(quote(.denied), [.say("@user0 doesn't let you quote this post.", error: true)])
        p.quoteApproval = .manual
        XCTAssertEqual(quote(.manual), [.compose(.quote(p)), .say("@user0 reviews quotes: yours shows once they allow it.", error: false)])
        XCTAssertEqual(quote(.automatic, visibility: "direct"), [.say("A private mention can't be quoted.", error: true)])

        // The draft carries the quoted post and its author (the compose screen's title), and no reply.
        let d = Draft.quote(of: p)
        XCTAssertEqual(d.id, "quote:\(p.statusID)")
        XCTAssertEqual(d.quotedStatusID, p.statusID)
        XCTAssertEqual(d.quoting, "user0")
        XCTAssertNil(d.inReplyToID)
    }

    func testProfileKeyOffersTheMentionedAndUnfollowAsksFirst() {
        var p = post(0)
        p.content = StyledText(paragraphs: [[[StyledText.Run("@ann", style: .mention("https://ex.social/@ann")),
                                              StyledText.Run(" and "), StyledText.Run("@bo", style: .mention("https://other.example/users/bo"))]]])
        let e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline([p])] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        _ = press([.character("p")], &stack, e)
        let menu = try! XCTUnwrap(stack.top as? ChoiceLayer)
        XCTAssertEqual(menu.items.map(\.label), ["@user0 (author)", "@ann", "@bo"])
        XCTAssertEqual(press([.character("3")], &stack, e), [.openMention(url: "https://other.example/users/bo")])
        XCTAssertEqual(stack.layers.count, 1)

        let ann = Account(id: "ann", acct: "ann", displayName: "Ann")
        let following = FeedSnapshot(version: 1, feed: .profile(accountID: "ann"),
                                     rows: [.profile(Profile(account: ann), Relationship(following: true), followPending: false)])
        let pe = env()
        var profile = LayerStack(root: .home)
        _ = profile.apply([.push(.feed(.profile(ann)))])
        profile.show(following, pe)
        _ = press([.character("F")], &profile, pe)
        XCTAssertTrue(profile.top is ConfirmLayer, "unfollow asks first")
        XCTAssertEqual(press([.character("n")], &profile, pe), [], "n is no")
        _ = press([.character("F")], &profile, pe)
        XCTAssertEqual(press([.character("y")], &profile, pe), [.feed(.profile(ann), .follow(false))])

        // One's own profile: F sends nothing and says why (the server would refuse it).
        var me = env()
        me.ownAccountID = "ann"
        var own = LayerStack(root: .home)
        _ = own.apply([.push(.feed(.profile(ann)))])
        own.show(FeedSnapshot(version: 1, feed: .profile(accountID: "ann"), rows: [.profile(Profile(account: ann), nil, followPending: false)]), me)
        let said = press([.character("F")], &own, me)
        XCTAssertTrue(said.contains(.say("That's you: no one can follow themself.", error: false)), "\(said)")
        XCTAssertFalse(said.contains { if case .feed(_, .follow) = $0 { return true } else { return false } })
    }
}

extension LayerTests {
    func testBoostIsACommandAndAsksFirstWhenConfigured() {
        let posts = (0..<3).map { post($0) }
        var e = env()
        var stack = LayerStack(root: .home)
        for s in [timeline(posts)] { stack.show(s, e) }
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(stack.key(.character("B"), e), [.feed(.timeline(.home), .setMark(.reblog, postID: "p0", wanted: true))])
        e.confirmBoost = true
        _ = press([.character("B")], &stack, e)
        XCTAssertTrue(stack.top is ConfirmLayer)
        XCTAssertEqual(press([.character("y")], &stack, e), [.feed(.timeline(.home), .setMark(.reblog, postID: "p0", wanted: true))])
    }
}

extension LayerTests {
    /// A thread that fits on the screen shows the post it answers above the opened one.
    func testAShortThreadShowsItsAncestorsAboveTheOpenedPost() {
        let root = post(1), focus = post(2, replyTo: 1)
        var thread = FeedSnapshot(version: 1, feed: .thread(rootID: "p2"), rows: [.post(root), .post(focus, depth: 0, focused: true)])
        thread.focusID = "p2"
        let e = env(rows: 40)
        var layer = FeedLayer(.thread(rootID: "p2", seed: focus))
        for s in [thread] { layer.show(s, e) }
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "p2", "the opened post is selected")
        XCTAssertEqual(layer.viewport.anchorID, "p1", "and what it answers is in view above it")
    }
}
