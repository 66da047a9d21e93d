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

    func post(_ id: String, _ author: Account, minutesAgo: Int, likes: Int, text: String, reply: Bool = false, pictures: Int = 0,
              links: [String] = []) -> Post {
        var p = Post(id: id, statusID: id, account: author, createdAt: now.addingTimeInterval(-Double(minutesAgo) * 60),
                     content: StyledText(plain: text), inReplyToID: reply ? "0001" : nil, favouritesCount: likes)
        if !links.isEmpty { p.content = StyledText(paragraphs: [[[StyledText.Run(text)] + links.map { StyledText.Run(" " + $0, style: .link($0)) }]]) }
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
        XCTAssertEqual(layer.update(.character("s"), e), [])
        XCTAssertEqual(layer.order.name, "liked")
        XCTAssertEqual(layer.rows.map(\.id), ["post:0100", "post:0070", "post:0105"])

        // `2` shows replies alone, and again all.
        XCTAssertEqual(layer.update(.character("2"), e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["post:0105"])
        _ = layer.update(.character("2"), e)
        XCTAssertEqual(layer.rows.count, 3)

        // By author, in the order of each author's first post; Enter unfolds one, and on its post opens the thread.
        _ = layer.update(.character("z"), e)
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
        // Esc inside an unfolded author folds it first, as a tree does, on the author's row; the next Esc leaves.
        XCTAssertEqual(layer.update(.escape, e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["author:loud", "author:ann", "author:bo"])
        XCTAssertEqual(layer.selectedRow?.id, "author:ann")

        XCTAssertEqual(layer.update(.character("x"), e), [.finishCatchUp(newestID: "0110")], "done: the newest entry of the window")
        // With a kind chosen that hides some of the window, done reading asks first: it marks those read too.
        _ = layer.update(.character("2"), e)
        XCTAssertEqual(layer.update(.character("x"), e),
                       [.push(.confirm(question: "Mark all 3 posts of the window read, 2 of them not shown (the kinds or author chosen)?",
                                       yes: [.finishCatchUp(newestID: "0110")]))])
        _ = layer.update(.character("2"), e)
        // Keys of the lists' it has no use for say what its keys are; none is taken silently.
        XCTAssertEqual(layer.update(.character("t"), e), [.say(CatchUpLayer.keysWords, error: false)])
        XCTAssertEqual(layer.update(.character("Z"), e), [.say(CatchUpLayer.keysWords, error: false)])
        XCTAssertEqual(layer.update(.escape, e), [.pop])
        XCTAssertEqual(layer.update(.character("q"), e), [.pop])

        XCTAssertEqual(layer.update(.character("W"), e), [.loadCatchUp(.lastHours(1))])
        XCTAssertTrue(layer.rows.isEmpty, "the old window's posts go while the new one is read")
    }

    /// A resize to 80×24 with the last row selected keeps it on screen (it went below the view), and the
    /// facets go on to a second line rather than being cut.
    func testASmallerScreenKeepsTheSelectionAndEveryFacetInView() throws {
        var layer = CatchUpLayer()
        let tall = env(rows: 40, columns: 120)
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), tall)
        _ = layer.update(.character("G"), tall)
        let selected = try XCTUnwrap(layer.selectedRow?.id)
        let small = env(rows: 8, columns: 60)
        let lines = try renderedLines(layer, small)
        XCTAssertTrue(lines.contains { $0.hasPrefix("▸") }, "the selected row is drawn: \(lines)")
        XCTAssertEqual(selected, "post:0100")
        let header = lines.joined(separator: "\n")
        XCTAssertTrue(header.contains("6 followed hashtags 0"), header)

        // Offline the server was not asked which hashtags are followed: not known, not none.
        var offline = CatchUpLayer(), unknown = load()
        unknown.tagsKnown = false
        _ = offline.receive(.catchUp(.sinceReadMark, unknown, failure: nil), tall)
        let offlineHeader = try renderedLines(offline, tall).joined(separator: "\n")
        XCTAssertTrue(offlineHeader.contains("6 followed hashtags ?"), offlineHeader)
    }

    /// Down to the window's last post and out: done reading, as `x` is. Not with a kind chosen (the rest of the
    /// window unseen), and not when the reader never went down.
    func testLeavingAtTheEndIsDoneReading() {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        XCTAssertEqual(layer.update(.escape, e), [.pop], "left at the top: nothing read")
        _ = layer.update(.character("G"), e)
        XCTAssertEqual(layer.update(.escape, e), [.finishCatchUp(newestID: "0110"), .pop])
        XCTAssertEqual(layer.update(.character("q"), e), [.finishCatchUp(newestID: "0110"), .pop])

        var some = CatchUpLayer()
        _ = some.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        _ = some.update(.character("1"), e)
        _ = some.update(.character("G"), e)
        XCTAssertEqual(some.update(.escape, e), [.pop], "the end of the originals is not the end of the window")
    }

    func testItDrawsTitleFacetsAndRankedRows() throws {
        let e = env()
        var layer = CatchUpLayer()
        XCTAssertTrue(try renderedLines(layer, e).joined().contains("Reading the posts since the read mark from the cache…"))
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        let rows = try renderedLines(layer, e)
        XCTAssertTrue(rows[0].contains("Catch-up · since the read mark · stand-outs · Esc back"), rows[0])
        XCTAssertTrue(rows[1].contains("1 originals 2 · 2 replies 1 · 3 quotes 0 · 4 boosts 1 · 5 pictures 1"), rows[1])
        XCTAssertTrue(rows[2].contains("3 posts"), rows[2])
        let first = try XCTUnwrap(rows.firstIndex { $0.contains("Ann Lee") }, rows.joined(separator: "\n"))
        XCTAssertTrue(rows[first].contains("(boosted by Cy) Ann's garden in bloom"), rows[first])
        // Its counts and its age (Ann posted it 30 minutes before the frame's now), at the right.
        XCTAssertTrue(rows[first].trimmingCharacters(in: .whitespaces).hasSuffix("☆ 20 ⇄ 0 ↩ 0 · 30m"), rows[first])
        XCTAssertTrue(rows[first + 1].contains("Bo") && rows[first + 1].contains("Bo answers with a picture"), rows[first + 1])
        XCTAssertTrue(rows[first + 1].trimmingCharacters(in: .whitespaces).hasSuffix("↩ 0 · 5m"), rows[first + 1])
        XCTAssertTrue(rows[first + 2].contains("Loud Co"), rows[first + 2])
        XCTAssertTrue(rows[e.rows - 1].contains("s order · 1-6 kinds · W window · z by author · S links · P authors · x done"), rows[e.rows - 1])

        let narrow = try renderedLines(layer, env(columns: 80))
        XCTAssertTrue(narrow[23].contains("s order · 1-6 kinds · W window · z by author · S links · P authors · ? keys"), narrow[23])

        _ = layer.update(.character("z"), e)
        // The author's handle after: two people of one name are told apart.
        XCTAssertTrue(try renderedLines(layer, e).contains { $0.contains("▸ Ann Lee · 1 post · ☆ 20  @ann") })
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
        _ = stack.apply(stack.key(.character("s"), e))
        _ = stack.apply(stack.key(.escape, e))
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, before)
    }

    /// A post row takes a list's keys, with a list's effects: its marks go to the action queue whole.
    func testAPostRowTakesTheKeysOfEveryList() {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        let boost = try? XCTUnwrap(layer.selectedPost)
        XCTAssertEqual(boost?.statusID, "0070")
        guard let post = boost else { return }
        XCTAssertEqual(layer.update(.character("f"), e), [.markPost(.favourite, post, wanted: true)])
        XCTAssertEqual(layer.update(.character("b"), e), [.markPost(.bookmark, post, wanted: true)])
        XCTAssertEqual(layer.update(.character("B"), e), [.markPost(.reblog, post, wanted: true)])
        XCTAssertEqual(layer.update(.character("a"), e), [.compose(.reply(post))])
        XCTAssertEqual(layer.update(.character("c"), e), [.toggleWarning("post:0070")])
        XCTAssertEqual(layer.update(.character("w"), e), [.compose(.new)])
        guard case .push(.screenHelp(let help))? = layer.update(.character("?"), e).first else { return XCTFail("? shows the help") }
        XCTAssertTrue(help.contains { $0.hasPrefix("S ") && $0.contains("links") } && help.contains { $0.hasPrefix("P ") }, "\(help)")
        XCTAssertEqual(layer.update(.character("p"), e), [.push(.feed(.profile(ann)))])
        XCTAssertEqual(layer.update(.character("y"), e), [.say("This post has no link to copy", error: false)])
        // `G` and `g` go to the last and first rows; `v` on Bo's picture opens it large.
        _ = layer.update(.character("G"), e)
        XCTAssertEqual(layer.selectedRow?.id, "post:0100")
        _ = layer.update(.character("g"), e)
        XCTAssertEqual(layer.selectedRow?.id, "post:0070")
        _ = layer.update(.character("j"), e)
        guard case .push(.gallery(let pictures, start: 0))? = layer.update(.character("v"), e).first else { return XCTFail("v opens the picture") }
        XCTAssertEqual(pictures.count, 1)
        // On an author's row a post's key says what the row is rather than acting on nothing.
        _ = layer.update(.character("z"), e)
        guard case .say(let words, false)? = layer.update(.character("f"), e).first else { return XCTFail("f on an author says why not") }
        XCTAssertTrue(words.contains("author"), words)
    }

    /// A row shows its post as the session holds it: a list's snapshot of it (a like made in a thread opened
    /// from here), and the marks waiting for the server, undone when the wish goes.
    func testARowShowsThePostAsTheSessionHoldsIt() throws {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        // The marks waiting from before it opened (a like made offline) on every post of the window, once.
        let savedBefore: @Sendable (Post) -> Post = { p in var p = p; if p.statusID == "0100" { p.bookmarked = true }; return p }
        _ = layer.receive(.postMarks(overlay: savedBefore), e)
        XCTAssertEqual(layer.rows.last.flatMap { if case .post(let item) = $0 { layer.shown(item).post.bookmarked } else { nil } }, true)
        var liked = post("0070", ann, minutesAgo: 30, likes: 21, text: "Ann's garden in bloom")
        liked.favourited = true
        XCTAssertNil(layer.receive(.snapshot(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: [liked]))), e),
                     "a list's snapshot is every screen's to take")
        XCTAssertEqual(layer.selectedPost?.favourited, true)
        XCTAssertEqual(layer.selectedPost?.boostedBy?.id, "cy", "the row's own entry (the boost) keeps its booster")
        XCTAssertTrue(try renderedLines(layer, e).contains { $0.contains("Ann's garden in bloom") && $0.contains("★ 21") })
        XCTAssertEqual(layer.update(.character("f"), e), [.markPost(.favourite, try XCTUnwrap(layer.selectedPost), wanted: false)])

        // Bo's post saved from here, waiting for the server; the wish dropped (refused): it shows unsaved again.
        _ = layer.update(.character("j"), e)
        let bos = try XCTUnwrap(layer.selectedPost)
        XCTAssertEqual(layer.update(.character("b"), e), [.markPost(.bookmark, bos, wanted: true)])
        XCTAssertNil(layer.receive(.postMarks(overlay: { p in var p = p; if p.statusID == "0105" { p.bookmarked = true }; return p }), e))
        XCTAssertEqual(layer.selectedPost?.bookmarked, true)
        XCTAssertEqual(layer.update(.character("b"), e), [.markPost(.bookmark, try XCTUnwrap(layer.selectedPost), wanted: false)])
        _ = layer.receive(.postMarks(overlay: { $0 }), e)
        XCTAssertEqual(layer.selectedPost?.bookmarked, false)
        XCTAssertEqual(layer.rows.last.flatMap { if case .post(let item) = $0 { layer.shown(item).post.bookmarked } else { nil } }, false,
                       "the wish from before dropped too")
        _ = layer.update(.character("k"), e)
        XCTAssertEqual(layer.selectedPost?.favourited, true, "the snapshot's like stands when no wish is left")
    }

    /// Ann and Bo share one article (with tracking and without), Ann twice; Cy posts something else.
    func linkLoad() -> CatchUpLoad {
        func sharing(_ id: String, _ who: Account, _ url: String, minutesAgo: Int) -> Post {
            var p = post(id, who, minutesAgo: minutesAgo, likes: 1, text: "Read this")
            p.card = LinkCard(url: url, title: "Rivers \u{1B}[31mreturn", provider: "Example News")
            return p
        }
        let entries = [sharing("0204", ann, "https://example.org/rivers?utm_source=masto", minutesAgo: 4),
                       post("0203", cy, minutesAgo: 6, likes: 3, text: "Something else"),
                       sharing("0202", bo, "https://example.org/rivers", minutesAgo: 8),
                       sharing("0201", ann, "https://example.org/rivers", minutesAgo: 9)]
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: [])
        return CatchUpLoad(window: .sinceReadMark, pool: pool, notes: [])
    }

    func testSharedLinksListTheirPostsAndEscStepsBack() throws {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, linkLoad(), failure: nil), e)
        _ = layer.update(.character("s"), e)   // newest first
        _ = layer.update(.character("j"), e)
        let before = layer.selectedRow?.id
        XCTAssertEqual(layer.update(.character("S"), e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["link:https://example.org/rivers"])
        let links = try renderedLines(layer, e)
        XCTAssertTrue(links[0].contains("links shared by several"), links[0])
        let row = try XCTUnwrap(links.first { $0.contains("Rivers") }, links.joined(separator: "\n"))
        XCTAssertTrue(row.contains("Rivers return · Example News") && row.contains("shared by Ann Lee and Bo"), row)
        XCTAssertEqual(layer.update(.character("o"), e), [.openURL("https://example.org/rivers?utm_source=masto")])
        XCTAssertEqual(layer.update(.enter, e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["post:0204", "post:0202", "post:0201"])
        XCTAssertEqual(layer.update(.escape, e), [])
        XCTAssertEqual(layer.selectedRow?.id, "link:https://example.org/rivers")
        XCTAssertEqual(layer.update(.escape, e), [])
        XCTAssertEqual(layer.rows.count, 4)
        XCTAssertEqual(layer.selectedRow?.id, before, "back at the post S was pressed on")
        XCTAssertEqual(layer.update(.escape, e), [.pop])
    }

    func testShortLinkWordsWithoutACard() throws {
        let url = "https://www.example.org/2026/03/a-very-long-path-that-goes-on-and-on-for-ever"
        let entries = [ann, bo].enumerated().map { i, who in
            post("030\(i)", who, minutesAgo: i, likes: 0, text: "Look", links: [url])
        }
        let pool = CatchUpPool(entries: entries, usual: AuthorUsual(entries), sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: [])
        let link = try XCTUnwrap(pool.view(order: NewestOrder()).links.first)
        XCTAssertNil(link.card)
        XCTAssertEqual(CatchUpRowLine.linkWords(link), "example.org/2026/03/a-very-long-path-that-goes-on-…")
    }

    func testChoosingAnActiveAuthorShowsOnlyTheirs() throws {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, linkLoad(), failure: nil), e)
        _ = layer.update(.character("j"), e)
        let before = layer.selectedRow?.id
        XCTAssertEqual(layer.update(.character("P"), e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["active:ann", "active:cy", "active:bo"], "most posts first, then as met")
        XCTAssertTrue(try renderedLines(layer, e).contains { $0.contains("Ann Lee · 2 posts") })
        _ = layer.update(.character("j"), e)
        _ = layer.update(.character("j"), e)
        XCTAssertEqual(layer.update(.enter, e), [])
        XCTAssertEqual(layer.rows.map(\.id), ["post:0202"])
        XCTAssertTrue(try renderedLines(layer, e)[0].contains("Bo's posts"))
        XCTAssertEqual(layer.update(.escape, e), [], "Esc clears the author")
        XCTAssertEqual(layer.rows.count, 4)
        XCTAssertEqual(layer.selectedRow?.id, before)
        // The same key clears it too.
        _ = layer.update(.character("P"), e)
        _ = layer.update(.enter, e)
        XCTAssertEqual(layer.rows.map(\.id).sorted(), ["post:0201", "post:0204"])
        XCTAssertEqual(layer.update(.character("P"), e), [])
        XCTAssertEqual(layer.rows.count, 4)
    }

    /// Nothing since the read mark (Home marks read what it shows: a fresh demo's first `C`): the last day
    /// stands in, said so; a window the user picks is theirs, empty or not.
    func testAnEmptyWindowSinceTheReadMarkGivesWayToTheLastDay() throws {
        let e = env()
        var layer = CatchUpLayer()
        let none = CatchUpPool(entries: [], usual: AuthorUsual([]), sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: [])
        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, CatchUpLoad(window: .sinceReadMark, pool: none), failure: nil), e),
                       [.loadCatchUp(.lastHours(24))])
        _ = layer.receive(.catchUp(.lastHours(24), load(window: .lastHours(24)), failure: nil), e)
        XCTAssertEqual(layer.rows.count, 3)
        let rows = try renderedLines(layer, e)
        XCTAssertTrue(rows[0].contains("Catch-up · the last 24 hours"), rows[0])
        XCTAssertTrue(rows.contains { $0.contains("Nothing came in since the read mark") }, rows.joined(separator: "\n"))
        // Round to the read mark by hand: empty, and said so, not stepped past.
        XCTAssertEqual(layer.update(.character("W"), e), [.loadCatchUp(.sinceLastCatchUp)])
        XCTAssertEqual(layer.update(.character("W"), e), [.loadCatchUp(.sinceReadMark)])
        XCTAssertEqual(layer.receive(.catchUp(.sinceReadMark, CatchUpLoad(window: .sinceReadMark, pool: none), failure: nil), e), [])
        XCTAssertTrue(try renderedLines(layer, e).contains { $0.contains("No posts since the read mark: W shows another window, r fetches it again.") })
    }

    /// `C` opens on what the last Catch-up was left showing (a new user set the order and window each time):
    /// the order, the kinds, by author, and the window picked with `W`, not one that stood in for an empty one.
    func testCOpensOnTheOrderWindowKindsAndGroupingLeft() throws {
        let e = env()
        var stack = LayerStack(root: .home)
        XCTAssertEqual(stack.apply([.push(.catchUp)]), [.loadCatchUp(.sinceReadMark)])
        _ = stack.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        XCTAssertEqual(stack.key(.character("W"), e), [.loadCatchUp(.lastHours(1))])
        _ = stack.receive(.catchUp(.lastHours(1), load(window: .lastHours(1)), failure: nil), e)
        for key in ["s", "s", "2", "z"] { _ = stack.key(.character(Character(key)), e) }
        let left = try XCTUnwrap(stack.top as? CatchUpLayer)
        XCTAssertEqual(stack.apply(stack.key(.escape, e)), [.keepCatchUpChoices(left.choices)], "kept for the next run too")
        XCTAssertFalse(stack.top is CatchUpLayer, "Esc left Catch-up")

        XCTAssertEqual(stack.apply([.push(.catchUp)]), [.loadCatchUp(.lastHours(1))], "the window picked")
        let again = try XCTUnwrap(stack.top as? CatchUpLayer)
        XCTAssertEqual(again.order.name, left.order.name)
        XCTAssertNotEqual(again.order.name, CatchUpLayer().order.name)
        XCTAssertEqual(again.kinds, [.replies])
        XCTAssertTrue(again.grouped)

        // A window that stood in for an empty one is not a choice: the next `C` asks for the read mark's again.
        var fresh = LayerStack(root: .home)
        _ = fresh.apply([.push(.catchUp)])
        let empty = CatchUpLoad(window: .sinceReadMark, pool: CatchUpPool(entries: [], usual: AuthorUsual([]),
                                                                          sieve: CatchUpSieve(hidden: [], filters: nil, now: now), followedTags: []))
        XCTAssertEqual(fresh.receive(.catchUp(.sinceReadMark, empty, failure: nil), e), [.loadCatchUp(CatchUpLayer.emptyMarkFallback)])
        XCTAssertEqual(fresh.apply(fresh.key(.escape, e)), [], "nothing chosen: nothing to keep")
        XCTAssertEqual(fresh.apply([.push(.catchUp)]), [.loadCatchUp(.sinceReadMark)])
    }

    /// After a restart, `C` opens on what the last run's Catch-up was left showing, as the store kept it
    /// (`LayerMessage.catchUpChoices`, read as the session starts); a choice made in this run before the
    /// store's answer came stands.
    func testAfterARestartCOpensOnTheChoicesTheStoreKept() throws {
        let e = env()
        let kept = CatchUpChoices(window: .lastHours(8), order: "boosted", kinds: [.pictures, .originals], grouped: true)
        var stack = LayerStack(root: .home)
        XCTAssertEqual(stack.receive(.catchUpChoices(kept), e), [])
        XCTAssertEqual(stack.apply([.push(.catchUp)]), [.loadCatchUp(.lastHours(8))])
        let opened = try XCTUnwrap(stack.top as? CatchUpLayer)
        XCTAssertEqual(opened.order.name, "boosted")
        XCTAssertEqual(opened.kinds, [.pictures, .originals])
        XCTAssertTrue(opened.grouped)
        XCTAssertEqual(opened.choices, kept)
        XCTAssertTrue(opened.title.contains("· boosted · by author · Esc back"), "the title says it is grouped: \(opened.title)")

        var chose = LayerStack(root: .home)
        _ = chose.apply([.push(.catchUp)])
        _ = chose.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        _ = chose.key(.character("s"), e)
        let mine = try XCTUnwrap(chose.top as? CatchUpLayer).choices
        XCTAssertEqual(chose.apply(chose.key(.escape, e)), [.keepCatchUpChoices(mine)])
        _ = chose.receive(.catchUpChoices(kept), e)
        XCTAssertEqual(chose.apply([.push(.catchUp)]), [.loadCatchUp(.sinceReadMark)], "this run's choice, not the last run's")
        XCTAssertEqual(try XCTUnwrap(chose.top as? CatchUpLayer).order.name, mine.order)
    }

    /// While the window is on its way the moving keys say so rather than doing nothing; `r` reads the window
    /// again (the server back after it was away) and keeps the selection on its post.
    func testKeysWhileReadingSaySoAndRReadsAgainKeepingThePost() throws {
        let e = env()
        var layer = CatchUpLayer()
        XCTAssertEqual(layer.update(.character("j"), e), [.say("Catch-up is still being read.", error: false)])
        _ = layer.receive(.catchUpFetching(.sinceReadMark, CatchUpFetch.Progress(posts: 40, pages: 1)), e)
        XCTAssertEqual(layer.update(.enter, e), [.say("Still fetching since the read mark: Esc stops and shows what is there.", error: false)])
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        _ = layer.update(.character("j"), e)
        let chosen = try XCTUnwrap(layer.selectedRow?.id)
        XCTAssertNotEqual(chosen, layer.rows.first?.id)
        XCTAssertEqual(layer.update(.character("r"), e), [.loadCatchUp(.sinceReadMark)])
        XCTAssertFalse(layer.rows.isEmpty, "what is read stays shown until the window comes again")
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        XCTAssertEqual(layer.selectedRow?.id, chosen, "back on the same post")
        XCTAssertTrue(try renderedLines(layer, e).contains { $0.hasPrefix("▸") })
    }

    /// `P` where nobody posted twice does not call anyone the most active: it says so (a new user read "the most
    /// active authors" over five authors of one post each).
    func testTheMostActiveAuthorsSayWhenNobodyPostedTwice() throws {
        let e = env()
        var layer = CatchUpLayer()
        _ = layer.receive(.catchUp(.sinceReadMark, load(), failure: nil), e)
        _ = layer.update(.character("P"), e)
        let once = try renderedLines(layer, e).joined(separator: "\n")
        XCTAssertTrue(once.contains("No author posted more than once in 3 posts"), once)
        XCTAssertFalse(once.contains("The most active authors"), once)

        var busy = load().pool
        let more = post("0106", bo, minutesAgo: 4, likes: 2, text: "Bo again")
        busy = CatchUpPool(entries: [more] + busy.items.map(\.post), usual: busy.usual, sieve: CatchUpSieve(hidden: [], filters: nil, now: now),
                           followedTags: [])
        var again = CatchUpLayer()
        _ = again.receive(.catchUp(.sinceReadMark, CatchUpLoad(window: .sinceReadMark, pool: busy), failure: nil), e)
        _ = again.update(.character("P"), e)
        let twice = try renderedLines(again, e).joined(separator: "\n")
        XCTAssertTrue(twice.contains("The most active authors, of 4 posts"), twice)
    }
}
