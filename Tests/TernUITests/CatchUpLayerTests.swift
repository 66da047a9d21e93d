import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Catch-up's screen (`C`) on fixed posts, with no store: its keys as state and effects, and what it
/// draws. Ann usually gets 2 likes and has a post with 20; the loud account usually gets 400 and has one
/// with 40; Bo's reply with a picture has 1; Cy boosted Ann's post.
final class CatchUpLayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let ann = Account(id: "ann", acct: "ann", displayName: "Ann Lee")
    let loud = Account(id: "loud", acct: "loud", displayName: "Loud Co")
    let bo = Account(id: "bo", acct: "bo", displayName: "Bo")
    let cy = Account(id: "cy", acct: "cy", displayName: "Cy")

    func post(_ id: String, _ author: Account, minutesAgo: Int, likes: Int, text: String, reply: Bool = false, pictures: Int = 0) -> Post {
        var p = Post(id: id, statusID: id, account: author, createdAt: now.addingTimeInterval(-Double(minutesAgo) * 60),
                     content: StyledText(plain: text), inReplyToID: reply ? "0001" : nil, favouritesCount: likes)
        p.media = (0..<pictures).map { MediaAttachment(id: "\(id)-\($0)", kind: .image, url: "https://example.org/\($0).png", previewURL: nil) }
        return p
    }

    /// The window's entries, newest first (the boost of Ann's post the newest), and the load made of them.
    func load(window: CatchUpWindow = .sinceReadMark) -> CatchUpLoad {
        let annsPost = post("0070", ann, minutesAgo: 30, likes: 20, text: "Ann's garden in bloom")
        var boost = annsPost
        (boost.id, boost.boostedBy) = ("0110", cy)
        let entries = [boost, post("0105", bo, minutesAgo: 5, likes: 1, text: "Bo answers with a picture", reply: true, pictures: 1),
                       post("0100", loud, minutesAgo: 10, likes: 40, text: "Loud Co's daily announcement"), annsPost]
        let older = [post("0010", ann, minutesAgo: 600, likes: 2, text: "old"), post("0011", ann, minutesAgo: 590, likes: 2, text: "old"),
                     post("0012", loud, minutesAgo: 600, likes: 400, text: "old"), post("0013", loud, minutesAgo: 590, likes: 400, text: "old")]
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries + older), sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: [])
        return CatchUpLoad(window: window, pool: pool, notes: [])
    }

    func env(rows: Int = 24, columns: Int = 100) -> LayerEnv {
        LayerEnv(rows: rows, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
    }

    func frame(_ layer: CatchUpLayer, _ e: LayerEnv) throws -> [String] {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
        defer { screen.close() }
        screen.erase()
        layer.render(e, on: screen)
        return (0..<e.rows).map { screen.frame.text(row: $0) }
    }

    func testKeysRankFilterGroupOpenAndFinish() {
        let e = env()
        var layer = CatchUpLayer()
        XCTAssertEqual(layer.load, .loadCatchUp(.sinceReadMark))
        XCTAssertEqual(layer.receive(.catchUp(.lastHours(1), load(window: .lastHours(1)), failure: nil), e), [])
        XCTAssertTrue(layer.rows.isEmpty, "an answer for another window is not shown as this one")
        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e), [])
        XCTAssertNil(layer.receive(.translated(statusID: "0070", nil, failure: "no"), e), "another screen's answer is not the catch-up's")

        // Stand-outs first: Ann's 20 over her usual 2 before Bo's 1 over 1, before the loud 40 over 400.
        XCTAssertEqual(layer.rows.map(\.id), ["post:0070", "post:0105", "post:0100"])
        XCTAssertEqual(layer.update(.character("o"), e), [])
        XCTAssertEqual(layer.order.name, "liked")
        XCTAssertEqual(layer.rows.map(\.id), ["post:0100", "post:0070", "post:0105"])

        // `2` shows replies alone, and again all.
        XCTAssertEqual(layer.update(.character("2"), e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["post:0105"])
        _ = layer.update(.character("2"), e)
        XCTAssertEqual(layer.rows.count, 3)

        // By author, in the order of each author's first post; Enter unfolds one, and on its post opens the thread.
        _ = layer.update(.character("g"), e)
        XCTAssertEqual(layer.rows.map(\.id), ["author:loud", "author:ann", "author:bo"])
        XCTAssertEqual(layer.selectedRow?.id, "author:loud", "the selected post's author stays selected")
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.enter, e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["author:loud", "author:ann", "post:0070", "author:bo"])
        XCTAssertEqual(layer.selectedRow?.id, "author:ann")
        _ = layer.update(.character("j"), e)
        guard case .push(.feed(.thread(let root, let seed)))? = layer.update(.enter, e).first else { return XCTFail("Enter opens the thread") }
        XCTAssertEqual(root, "0070")
        XCTAssertNil(seed?.boostedBy, "the boosted post's own thread, not the boost")

        XCTAssertEqual(layer.update(.character("x"), e), [.finishCatchUp(newestID: "0110")], "done: the newest entry of the window")
        // Keys of the lists' it has no use for say what its keys are; none is taken silently.
        XCTAssertEqual(layer.update(.character("f"), e), [.say(CatchUpLayer.keysWords, error: false)])
        XCTAssertEqual(layer.update(.character("z"), e), [.say(CatchUpLayer.keysWords, error: false)])
        XCTAssertEqual(layer.update(.escape, e), [.pop])
        XCTAssertEqual(layer.update(.character("q"), e), [.pop])

        XCTAssertEqual(layer.update(.character("w"), e), [.loadCatchUp(.lastHours(1))])
        XCTAssertTrue(layer.rows.isEmpty, "the old window's posts go while the new one is read")
    }

    func testItDrawsTitleFacetsAndRankedRows() throws {
        let e = env()
        var layer = CatchUpLayer()
        XCTAssertTrue(try frame(layer, e).joined().contains("Reading since the read mark from the cache…"))
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        let rows = try frame(layer, e)
        XCTAssertTrue(rows[0].contains("Catch-up · since the read mark · stand-outs · Esc back"), rows[0])
        XCTAssertTrue(rows[1].contains("1 originals 2 · 2 replies 1 · 3 quotes 0 · 4 boosts 1 · 5 pictures 1"), rows[1])
        XCTAssertTrue(rows[2].contains("3 posts"), rows[2])
        let first = try XCTUnwrap(rows.firstIndex { $0.contains("Ann Lee") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows[first].contains("(boosted by Cy) Ann's garden in bloom"), rows[first])
        XCTAssertTrue(rows[first].hasSuffix("☆ 20 ⇄ 0 ↩ 0") || rows[first].trimmingCharacters(in: .whitespaces).hasSuffix("☆ 20 ⇄ 0 ↩ 0"), rows[first])
        XCTAssertTrue(rows[first + 1].contains("Bo") && rows[first + 1].contains("Bo answers with a picture"), rows[first + 1])
        XCTAssertTrue(rows[first + 2].contains("Loud Co"), rows[first + 2])
        XCTAssertTrue(rows[e.rows - 1].contains("o order · 1-6 kinds · w window · g authors · x done"), rows[e.rows - 1])

        _ = layer.update(.character("g"), e)
        XCTAssertTrue(try frame(layer, e).contains { $0.contains("▸ Ann Lee · 1 post · ☆ 20") })
    }

    /// `C` on Home opens Catch-up and asks for its window; Esc comes back to Home at the post it was on.
    func testCOpensCatchUpAndEscComesBackToThePostItWasOn() {
        let e = env()
        var stack = LayerStack(root: .home)
        let posts = (0..<10).map { post(String(format: "%04d", 100 - $0), ann, minutesAgo: $0, likes: 0, text: "Post \($0)") }
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), e)
        _ = stack.apply(stack.settle(e))
        for k: Key in [.character("j"), .character("j")] { _ = stack.apply(stack.key(k, e)); _ = stack.apply(stack.settle(e)) }
        let before = (stack.top as? FeedLayer)?.viewport.selectedID
        XCTAssertEqual(before, "0098")
        XCTAssertEqual(stack.apply(stack.key(.character("C"), e)), [.loadCatchUp(.sinceReadMark)])
        XCTAssertTrue(stack.top is CatchUpLayer)
        _ = stack.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        _ = stack.apply(stack.key(.character("o"), e))
        _ = stack.apply(stack.key(.escape, e))
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, before)
    }
}
