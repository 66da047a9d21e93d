import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// `+` on a post: its reactions (one's own to take back, the others to join), common emoji, and one of the
/// user's choosing; a server without reactions is said so.
final class ReactionChoiceTests: XCTestCase {
    private func post(reactions: [Reaction]?) -> Post {
        var p = Post(id: "1", statusID: "1", account: Account(id: "a", acct: "ana@example.org", displayName: "Ana"),
                     createdAt: Date(timeIntervalSince1970: 0), content: StyledText(plain: "hello"))
        p.reactions = reactions
        return p
    }

    func testAPostWithoutReactionsSaysTheServerHasNone() {
        XCTAssertEqual(ReactionChoice.effects(post(reactions: nil)),
                       [.say("This server has no emoji reactions (Akkoma, Pleroma and Fedibird have them).", error: false)])
    }

    func testCommonOnesComeFirstWithThePostsCountsThenItsOtherReactionsThenAnother() throws {
        let p = post(reactions: [Reaction(name: "👍", count: 3, me: true), Reaction(name: "blobcat", count: 1, url: "https://e/b.png")])
        guard case .push(.choice(let title, let items))? = ReactionChoice.effects(p).first else { return XCTFail("no choice") }
        XCTAssertEqual(title, "React to @ana@example.org's post")
        XCTAssertEqual(items[0].label, "👍 3 · yours: take it back")
        XCTAssertEqual(items[0].effects, [.react(p, emoji: "👍", url: nil, wanted: false)])
        XCTAssertEqual(items[1].label, "😂")
        let blobcat = ReactionChoice.common.count
        XCTAssertEqual(items[blobcat].label, ":blobcat: 1 · add yours")
        XCTAssertEqual(items[blobcat].effects, [.react(p, emoji: "blobcat", url: "https://e/b.png", wanted: true)])
        XCTAssertEqual(items.filter { $0.label.hasPrefix("👍") }.count, 1, "a common one the post has is not offered twice")
        XCTAssertEqual(items.dropLast().last?.effects, [.customEmojiReaction(p)])
        XCTAssertEqual(items.last?.label, "Another emoji…")
        XCTAssertEqual(items.last?.effects, [.push(.prompt(.reaction(p)))])
    }

    func testRecentReactionsComeAfterTheCommonOnesAndTheServersCustomEmojiScroll() throws {
        let p = post(reactions: [])
        guard case .push(.choice(_, let items))? = ReactionChoice.effects(p, recent: ["tern", "🔥"]).first else { return XCTFail("no choice") }
        XCTAssertEqual(Array(items.prefix(1).map(\.label)), ["👍"])
        XCTAssertEqual(items[7].label, "🔥 · recent")
        XCTAssertEqual(items[8].label, ":tern: · recent")
        XCTAssertEqual(items.filter { $0.label.hasPrefix("🔥") }.count, 1, "a recent common one is offered once")
        guard case .push(.choice(_, let custom))? = ReactionChoice.custom(p, ["blobfox", "blobcat"]).first else { return XCTFail("no choice") }
        XCTAssertEqual(custom.map(\.label), [":blobcat:", ":blobfox:"])
        XCTAssertEqual(custom.first?.effects, [.react(p, emoji: "blobcat", url: nil, wanted: true)])
        XCTAssertEqual(ReactionChoice.custom(p, []), [.say("This server has no custom emoji.", error: false)])
    }

    /// Issue 45: 🔥 was 8, then 2 (after it was used, recent ones came first). Each common emoji keeps its
    /// digit whatever the post has and whatever was used lately.
    func testTheCommonEmojisDigitsStayTheSameBetweenOpens() throws {
        let opens: [(reactions: [Reaction], recent: [String])] = [
            ([], []), ([], ["🔥"]), ([Reaction(name: "🔥", count: 2, me: true)], ["🔥", "tern"]),
            ([Reaction(name: "blobcat", count: 1), Reaction(name: "👀", count: 4)], ["🙏", "blobcat"]),
        ]
        for (reactions, recent) in opens {
            guard case .push(.choice(_, let items))? = ReactionChoice.effects(post(reactions: reactions), recent: recent).first else {
                return XCTFail("no choice")
            }
            for (i, emoji) in ReactionChoice.common.enumerated() {
                XCTAssertTrue(items[i].label.hasPrefix(emoji), "\(reactions), recent \(recent): \(emoji) is not digit \(i + 1): \(items[i].label)")
            }
        }
    }

    func testAnotherEmojiIsCheckedBeforeItGoes() {
        let p = post(reactions: [Reaction(name: "🎉", count: 2, me: true)])
        XCTAssertEqual(Prompt.reaction(p).effects(":tern:", now: Date()), [.react(p, emoji: "tern", url: nil, wanted: true)])
        XCTAssertEqual(Prompt.reaction(p).effects("🎉", now: Date()), [.react(p, emoji: "🎉", url: nil, wanted: false)],
                       "one's own taken back")
        XCTAssertEqual(Prompt.reaction(p).effects("no way", now: Date()),
                       [.say("“no way” is not an emoji or a :shortcode: the server could take.", error: true)])
    }
}
