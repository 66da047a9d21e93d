import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// What the server would refuse, or would do unasked, is said on the status line and not sent: a boost of
/// a direct message or of someone else's followers-only post, an edit that would open an ended poll again.
final class PostRefusalsTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let ada = Account(id: "1", acct: "ada", displayName: "Ada")
    let me = Account(id: "42", acct: "me", displayName: "Me")

    func env() -> LayerEnv {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.ownAccountID = me.id
        e.ownAcct = me.acct
        return e
    }

    func post(by a: Account, visibility: String = "public", poll: Poll? = nil) -> Post {
        Post(id: "p", statusID: "p", account: a, createdAt: now, content: StyledText(plain: "words"), poll: poll, visibility: visibility)
    }

    /// The effects of a key on a list holding only `post`.
    func effects(of key: Character, on post: Post) -> [Effect] {
        let e = env()
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: [.post(post)]), e)
        _ = stack.apply(stack.settle(e))
        return stack.apply(stack.key(.character(key), e))
    }

    /// Before, `B` on a direct message sent the boost (the server refuses it, the screen flipped back).
    func testADirectMessageAndSomeoneElsesFollowersOnlyPostAreNotBoosted() {
        XCTAssertEqual(effects(of: "B", on: post(by: ada, visibility: "direct")),
                       [.say("A direct message can't be boosted: only the people it mentions see it.", error: true)])
        XCTAssertEqual(effects(of: "B", on: post(by: ada, visibility: "private")),
                       [.say("A followers-only post can be boosted by its author alone.", error: true)])
        let mine = post(by: me, visibility: "private")
        XCTAssertEqual(effects(of: "B", on: mine), [.feed(.timeline(.home), .setMark(.reblog, postID: mine.id, wanted: true))],
                       "one's own followers-only post can be boosted (to one's followers)")
        let open = post(by: ada)
        XCTAssertEqual(effects(of: "B", on: open), [.feed(.timeline(.home), .setMark(.reblog, postID: open.id, wanted: true))])
    }

    func poll(endingIn seconds: TimeInterval, expired: Bool = false) -> Poll {
        Poll(options: [.init(title: "tea", votes: 3), .init(title: "coffee", votes: 1)], votes: 4,
             expiresAt: now.addingTimeInterval(seconds), expired: expired, ownVotes: [], id: "q1", multiple: false)
    }

    /// Mastodon sets a poll's end anew from the `expires_in` of every edit that carries it (and takes it off
    /// an edit without it): an edit of a post whose poll has ended would open the poll again. Before, `e`
    /// opened the edit and it was sent with `expires_in` 300.
    func testAPostWhosePollHasEndedIsNotEdited() {
        let refusal: [Effect] = [.say("Its poll has ended: an edit would open it again (Mastodon sets a poll's end anew with every edit).",
                                      error: true)]
        XCTAssertEqual(effects(of: "e", on: post(by: me, poll: poll(endingIn: -60, expired: true))), refusal)
        XCTAssertEqual(effects(of: "e", on: post(by: me, poll: poll(endingIn: -60))), refusal, "ended by its time, not yet said so")
        let open = post(by: me, poll: poll(endingIn: 3_600))
        XCTAssertEqual(effects(of: "e", on: open), [.compose(.edit(open))])
    }

    /// The poll ended while the edit was being written: Ctrl-S says so and sends nothing.
    func testAnEditWhosePollEndedWhileWritingIsNotSent() {
        let open = post(by: me, poll: poll(endingIn: 600))
        var layer = ComposeLayer(draft: Draft.edit(of: open, text: "words", spoiler: "", now: now), context: open)
        var later = env()
        later.now = now.addingTimeInterval(900)
        XCTAssertEqual(layer.update(.character("\u{13}"), later),
                       [.say("Its poll has ended: an edit would open it again (Mastodon sets a poll's end anew with every edit).",
                             error: true)])
        XCTAssertEqual(layer.update(.character("\u{13}"), env()).last, .sendPost(layer.current), "while it is open, the edit goes")
    }
}
