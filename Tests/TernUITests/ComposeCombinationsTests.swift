import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// What the compose screen holds together and what it refuses, said when it is chosen, never dropped on the
/// way: pictures and a poll (Mastodon refuses the two in one post), a poll with a content warning (fine), an
/// edit of a post with a poll or pictures (kept, not lost, and not drawn as a reply).
final class ComposeCombinationsTests: XCTestCase {
    func env() -> LayerEnv { LayerEnv(rows: 30, columns: 100, now: Date(), renderer: FrameRenderer(theme: .builtIn)) }

    private func chooseOption(_ option: ComposeLayer.Option, _ layer: inout ComposeLayer, _ e: LayerEnv) -> [Effect] {
        while layer.focus != .options { _ = layer.update(.tab, e) }
        for _ in 0..<12 { _ = layer.update(.left, e) }
        for _ in 0..<layer.options(e.limits).firstIndex(of: option)! { _ = layer.update(.right, e) }
        return layer.update(.enter, e)
    }

    private func shown(_ layer: ComposeLayer, _ e: LayerEnv) throws -> String {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        screen.erase()
        layer.render(e, on: screen)
        return (0..<e.rows).map { screen.frame.text(row: $0) }.joined(separator: "\n")
    }

    /// A picture, then `+ poll`: the poll is refused at once, with the reason on screen, and the picture and its
    /// alt text stay. Before, the poll was added, "Posted." was said, and the poll never reached the server.
    func testAPollNextToAPictureIsRefusedWhenChosenAndNothingIsDropped() {
        let e = env()
        var layer = ComposeLayer(draft: Draft(id: "new", text: "look", attachments: [DraftAttachment(path: "/tmp/pic.png", description: "a cat")]),
                                 context: nil)
        let effects = chooseOption(.poll, &layer, e)
        XCTAssertEqual(effects, [.say("A post can have pictures or a poll, not both: remove the picture first (ctrl-d on its empty alt text).",
                                      error: true)])
        XCTAssertNil(layer.current.poll)
        XCTAssertEqual(layer.current.attachments, [DraftAttachment(path: "/tmp/pic.png", description: "a cat")])
    }

    /// A draft that holds both (kept by an older Tern, or the server's own post) is never sent with one of them
    /// left out: Ctrl-S refuses and says which to remove.
    func testADraftWithPicturesAndAPollIsNotSent() {
        let e = env()
        var layer = ComposeLayer(draft: Draft(id: "new", text: "look", poll: DraftPoll(options: ["a", "b"]),
                                              attachments: [DraftAttachment(path: "/tmp/pic.png", description: "a cat")]), context: nil)
        XCTAssertEqual(layer.update(.character("\u{13}"), e),
                       [.say("A post can have pictures or a poll, not both: remove one of them before sending.", error: true)])
        XCTAssertEqual(layer.current.poll?.options, ["a", "b"])
        XCTAssertEqual(layer.current.attachments.count, 1)
    }

    /// A poll with a content warning is a post Mastodon takes: both are sent.
    func testAPollWithAContentWarningIsSentWithBoth() {
        let e = env()
        var layer = ComposeLayer(draft: Draft(id: "new", text: "which?", spoiler: "food", poll: DraftPoll(options: ["tea", "coffee"])),
                                 context: nil)
        let sent = layer.update(.character("\u{13}"), e)
        guard case .sendPost(let d)? = sent.last else { return XCTFail("\(sent)") }
        XCTAssertEqual(d.spoiler, "food")
        XCTAssertEqual(d.poll?.options, ["tea", "coffee"])
    }

    private func ownPost(poll: Poll? = nil, media: [MediaAttachment] = [], replyTo: String? = nil) -> Post {
        var post = Post(id: "s9", statusID: "s9", account: Account(id: "0", acct: "you", displayName: "You"), createdAt: Date(),
                        content: StyledText(plain: "my words"))
        post.poll = poll
        post.media = media
        post.inReplyToID = replyTo
        return post
    }

    /// An edit of a post with a poll keeps the poll (its choices, how many may be chosen, its time left): an
    /// edit sent without it takes the poll off the post, as Mastodon does. The screen says that changing the
    /// choices clears the votes.
    func testAnEditOfAPostWithAPollKeepsThePoll() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let poll = Poll(options: [.init(title: "tea", votes: 3), .init(title: "coffee", votes: 1)], votes: 4,
                        expiresAt: now.addingTimeInterval(7_000), expired: false, ownVotes: [], id: "p1", multiple: true)
        let d = Draft.edit(of: ownPost(poll: poll), text: "my words", spoiler: "", now: now)
        XCTAssertEqual(d.poll?.options, ["tea", "coffee"])
        XCTAssertEqual(d.poll?.multiple, true)
        XCTAssertEqual(d.poll?.expiresIn, 7_000)
        XCTAssertEqual(d.editingID, "s9")
        var e = env()
        e.now = now
        let layer = ComposeLayer(draft: d, context: ownPost(poll: poll))
        let screen = try shown(layer, e)
        XCTAssertTrue(screen.contains("changing the choices clears the votes"), screen)
    }

    /// Editing one's own post: the screen is not a reply (no `↩ @you: …` line), its picture is named by what it
    /// is, not the server's `small.png`, and Ctrl-T (schedule), which an edit cannot do, is not offered.
    func testAnEditIsNotDrawnAsAReplyNamesItsPictureAndOffersNoSchedule() throws {
        let picture = MediaAttachment(id: "m1", kind: .image, url: "http://127.0.0.1:1/media/m1/original.png",
                                      previewURL: "http://127.0.0.1:1/media/m1/small.png", description: "a grey cat")
        let post = ownPost(media: [picture])
        let d = Draft.edit(of: post, text: "my words", spoiler: "", now: Date())
        XCTAssertEqual(d.attachments.map(\.mediaID), ["m1"])
        XCTAssertEqual(d.attachments.map(\.description), ["a grey cat"])
        let screen = try shown(ComposeLayer(draft: d, context: post), env())
        XCTAssertFalse(screen.contains("↩"), screen)
        XCTAssertFalse(screen.contains("@you:"), screen)
        XCTAssertFalse(screen.contains("small.png"), screen)
        XCTAssertTrue(screen.contains("picture 1, on the server"), screen)
        XCTAssertFalse(screen.contains("ctrl-t"), screen)
        XCTAssertTrue(screen.contains("Edit post"), screen)
        // A new post still offers it.
        XCTAssertTrue(try shown(ComposeLayer(draft: Draft(id: "new"), context: nil), env()).contains("ctrl-t schedule"))
    }
}
