import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// The compose screen's keys, as pure updates: what is kept, what is sent, and what is refused first.
final class ComposeLayerTests: XCTestCase {
    func env(limits: PostingLimits = PostingLimits()) -> LayerEnv {
        var e = LayerEnv(rows: 30, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        e.limits = limits
        return e
    }

    func type(_ text: String, _ layer: inout ComposeLayer, _ env: LayerEnv) -> [Effect] {
        text.flatMap { layer.update(.character($0), env) }
    }

    func testEveryChangeIsKeptAndCtrlSSends() {
        var layer = ComposeLayer(draft: Draft(id: "new"), context: nil)
        let e = env()
        let kept = type("hi 🌍", &layer, e)
        XCTAssertEqual(kept.count, 4, "one keep per keystroke (the runner folds them)")
        guard case .keepDraft(let last)? = kept.last else { return XCTFail("\(kept)") }
        XCTAssertEqual(last.text, "hi 🌍")
        XCTAssertEqual(layer.update(.tab, e), [], "moving between fields changes nothing worth keeping")
        XCTAssertEqual(layer.update(.character("\u{13}"), e), [.pop, .sendPost(layer.current)])
    }

    func testTooLongEmptyAndOnePollChoiceAreRefusedBeforeSending() {
        var limits = PostingLimits()
        limits.maxCharacters = 10
        let e = env(limits: limits)
        var empty = ComposeLayer(draft: Draft(id: "new"), context: nil)
        XCTAssertEqual(empty.update(.character("\u{13}"), e), [.say("Nothing to send yet.", error: true)])
        var long = ComposeLayer(draft: Draft(id: "new", text: "eleven char"), context: nil)
        XCTAssertEqual(long.update(.character("\u{13}"), e), [.say("Too long: 11 of 10 characters.", error: true)])
        // A link counts as 23 whatever its length; a 10-character limit refuses it.
        var link = ComposeLayer(draft: Draft(id: "new", text: "https://a.b"), context: nil)
        XCTAssertEqual(link.update(.character("\u{13}"), e), [.say("Too long: 23 of 10 characters.", error: true)])
        var poll = ComposeLayer(draft: Draft(id: "new", text: "vote", poll: DraftPoll(options: ["yes", ""])), context: nil)
        XCTAssertEqual(poll.update(.character("\u{13}"), env()), [.say("A poll needs at least two choices.", error: true)])
    }

    func testEscKeepsTheDraftAndSaysHowToReopenIt() {
        var layer = ComposeLayer(draft: Draft(id: "new", text: "half a"), context: nil)
        _ = type(" thought", &layer, env())
        let effects = layer.update(.escape, env())
        XCTAssertEqual(effects.first, .pop)
        XCTAssertEqual(effects.dropFirst().first, .keepDraft(layer.current))
        XCTAssertEqual(effects.last, .say("Draft kept: w opens it again.", error: false))
        var emptied = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        _ = emptied.update(.backspace, env())
        XCTAssertEqual(emptied.update(.escape, env()), [.pop, .keepDraft(Draft(id: "new"))], "an emptied draft is dropped, quietly")
        var untouched = ComposeLayer(draft: Draft(id: "reply:s1", text: "@ada "), context: nil)
        XCTAssertEqual(untouched.update(.escape, env()), [.pop], "a reply's mentions alone are not a draft")
    }

    func testOptionsRowCyclesVisibilityTogglesTheWarningAndAddsAPoll() {
        var layer = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        let e = env()
        _ = layer.update(.tab, e)
        XCTAssertEqual(layer.focus, .options)
        _ = layer.update(.character(" "), e)
        XCTAssertEqual(layer.current.visibility, .unlisted)
        _ = layer.update(.right, e)
        _ = layer.update(.enter, e)                          // CW on: the warning field takes the keys
        XCTAssertEqual(layer.focus, .spoiler)
        _ = type("spoilers", &layer, e)
        XCTAssertEqual(layer.current.spoiler, "spoilers")
        XCTAssertEqual(layer.fields, [.text, .spoiler, .options])
        _ = layer.update(.tab, e)
        for _ in 0..<3 { _ = layer.update(.right, e) }       // visibility, CW, sensitive, language → poll
        _ = layer.update(.enter, e)
        XCTAssertEqual(layer.focus, .pollOption(0))
        _ = type("tea", &layer, e)
        _ = layer.update(.tab, e)
        _ = type("coffee", &layer, e)
        XCTAssertEqual(layer.current.poll?.options, ["tea", "coffee"])
        XCTAssertEqual(layer.update(.character("\u{13}"), e).first, .pop)
    }

    func testAnInheritedWarningCanBeTurnedOff() {
        var layer = ComposeLayer(draft: Draft(id: "reply:s1", text: "@ada ", spoiler: "food"), context: nil)
        let e = env()
        XCTAssertTrue(layer.warningOn)
        _ = layer.update(.tab, e)                            // text → warning
        _ = layer.update(.tab, e)                            // → options
        _ = layer.update(.right, e)
        _ = layer.update(.enter, e)
        XCTAssertEqual(layer.current.spoiler, "")
        XCTAssertFalse(layer.warningOn)
        XCTAssertEqual(layer.fields, [.text, .options])
    }

    func testAPollIsNotOfferedWhereTheServerHasNone() {
        var limits = PostingLimits()
        limits.pollMaxOptions = 0
        var layer = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        let e = env(limits: limits)
        _ = layer.update(.tab, e)
        for _ in 0..<4 { _ = layer.update(.right, e) }
        _ = layer.update(.enter, e)
        XCTAssertNil(layer.current.poll)
    }

    func testAttachingChecksTheFileAsTheServerWould() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-attach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.append(Data(count: 2_000))
        try png.write(to: folder.appendingPathComponent("photo.png"))
        var limits = PostingLimits()
        limits.imageSizeLimit = 1_000
        let e = env(limits: limits)

        var layer = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        XCTAssertEqual(attachWith(e, folder.appendingPathComponent("notes.txt").path, &layer).last,
                       .say("\(folder.appendingPathComponent("notes.txt").path) is not a picture, video or sound file.", error: true))
        var big = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        let refused = attachWith(e, folder.appendingPathComponent("photo.png").path, &big).last
        guard case .say(let why, true)? = refused else { return XCTFail("\(String(describing: refused))") }
        XCTAssertTrue(why.contains("over the server's limit"), why)
        XCTAssertTrue(layer.current.attachments.isEmpty)
        XCTAssertTrue(big.current.attachments.isEmpty)

        limits.imageSizeLimit = 10_000
        var fits = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        let refusedFirst = attachWith(env(limits: limits), folder.appendingPathComponent("notes.txt").path, &fits).last
        guard case .say(let said, true)? = refusedFirst else { return XCTFail("\(String(describing: refusedFirst))") }
        // Once a picture is attached, "notes.txt is not a picture" is no longer the news: it goes.
        XCTAssertEqual(attachWith(env(limits: limits), folder.appendingPathComponent("photo.png").path, &fits), [.unsay(said)])
        XCTAssertEqual(fits.current.attachments.map(\.path), [folder.appendingPathComponent("photo.png").path])
        XCTAssertEqual(fits.focus, .alt(0), "the alt text is asked for next")
        _ = type("a grey square", &fits, env(limits: limits))
        XCTAssertEqual(fits.current.attachments.first?.description, "a grey square")
    }

    /// A file whose size can't be learned (here one of the kernel's, which has none to seek to) is said to be
    /// unreadable, never taken for an empty one that every size limit lets through.
    func testAFileWhoseSizeCannotBeLearnedIsSaidToBeUnreadable() {
        let file = InspectedFile.inspect(typed: "status", path: "/proc/self/status")
        XCTAssertNotNil(file.unreadable, "read as \(file.bytes) bytes")
        XCTAssertTrue(file.unreadable?.contains("/proc/self/status") == true, file.unreadable ?? "")
    }

    /// Enter on the path asks for the file to be read; read here as the runner does (off the loop there),
    /// and the answer handed back to the layer.
    private func attachWith(_ e: LayerEnv, _ path: String, _ layer: inout ComposeLayer) -> [Effect] {
        if layer.focus != .options { _ = layer.update(.tab, e) }
        while layer.option > 0 { _ = layer.update(.left, e) }
        for _ in 0..<5 { _ = layer.update(.right, e) }
        _ = layer.update(.enter, e)
        let asked = type(path, &layer, e) + layer.update(.enter, e)
        guard case .inspectFile(let typed, let at)? = asked.last else { XCTFail("\(asked)"); return asked }
        XCTAssertEqual(at, path)
        return layer.receive(.fileInspected(InspectedFile.inspect(typed: typed, path: at)), e) ?? []
    }

    func testAReplyMentionsTheThreadButNotOneselfAndKeepsItsAudience() {
        let author = Account(id: "1", acct: "ada@example.social", displayName: "Ada")
        var post = Post(id: "b1", statusID: "s1", account: author, createdAt: Date(), content: StyledText(plain: "hi @me"),
                        spoilerText: "food")
        post.mentions = ["me", "bo@elsewhere.net", "ada@example.social"]
        post.visibility = "private"
        post.language = "sv"
        let d = Draft.reply(to: post, me: "me")
        XCTAssertEqual(d.text, "@ada@example.social @bo@elsewhere.net ")
        XCTAssertEqual(d.id, "reply:s1")
        XCTAssertEqual(d.inReplyToID, "s1")
        XCTAssertEqual(d.visibility, .private)
        XCTAssertEqual(d.spoiler, "food")
        XCTAssertEqual(d.language, "sv")
    }

    func testLengthCountsAsMastodonDoes() {
        let limits = PostingLimits()
        XCTAssertEqual(PostLength.count(text: "👋🏽 日本", spoiler: "", limits: limits), 4, "grapheme clusters")
        XCTAssertEqual(PostLength.count(text: "see https://example.com/a/very/long/path/indeed ok", spoiler: "", limits: limits),
                       4 + 23 + 3)
        XCTAssertEqual(PostLength.count(text: "@ada@example.social hi", spoiler: "cw", limits: limits), 7 + 2)
    }

    func testPathCompletionCompletesToTheCommonPrefix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["cat-1.png", "cat-2.png", ".hidden.png"] { try Data().write(to: folder.appendingPathComponent(name)) }
        let base = folder.path + "/"
        XCTAssertEqual(PathCompletion.complete(base + "c").text, base + "cat-")
        XCTAssertEqual(PathCompletion.complete(base + "c").candidates, ["cat-1.png", "cat-2.png"])
        XCTAssertEqual(PathCompletion.complete(base + "p").text, base + "pictures/", "a folder gets its slash")
        XCTAssertEqual(PathCompletion.complete(base + "cat-1").candidates, [])
        XCTAssertEqual(PathCompletion.complete(base + "z").text, base + "z", "nothing matches: unchanged")
        // ~ is $HOME, as in the shell (it was the password database's home: /nonexistent for nobody), and a
        // folder's names are listed when more than one matches.
        let home = ["HOME": folder.path]
        XCTAssertEqual(PathCompletion.complete("~/p", environment: home).text, "~/pictures/")
        XCTAssertEqual(PathCompletion.complete("~/", environment: home).candidates, ["cat-1.png", "cat-2.png", "pictures"])
        XCTAssertEqual(PathCompletion.complete("~/c", environment: home).text, "~/cat-")
    }

    /// Ctrl-T: when the server is to publish the post; a time it can't read, or sooner than five minutes,
    /// is refused with the reason; an empty line sends it at once again; an edit is not scheduled.
    func testCtrlTSetsWhenThePostGoes() {
        var e = env()
        e.now = Date(timeIntervalSince1970: 1_800_000_000)
        var layer = ComposeLayer(draft: Draft(id: "new", text: "later"), context: nil)
        XCTAssertEqual(layer.update(.character("\u{14}"), e), [])
        var kept: [Effect] = []
        for c in "+2h" { kept += layer.update(.character(c), e) }
        kept += layer.update(.enter, e)
        XCTAssertEqual(layer.current.scheduledAt, e.now.addingTimeInterval(7_200))
        XCTAssertEqual(kept.last, .keepDraft(layer.current), "kept with the draft")
        _ = layer.update(.character("\u{14}"), e)
        for c in "soon" { _ = layer.update(.character(c), e) }
        XCTAssertEqual(layer.update(.enter, e), [.say("“soon” is not a time Tern reads: try +30m, +2h, 18:00 or 2026-12-01 09:00.", error: true)])
        _ = layer.update(.character("\u{14}"), e)
        for c in "+2m" { _ = layer.update(.character(c), e) }
        XCTAssertEqual(layer.update(.enter, e), [.say("A post can be scheduled five minutes from now at the soonest.", error: true)])
        XCTAssertEqual(layer.current.scheduledAt, e.now.addingTimeInterval(7_200), "a refusal leaves the time as it was")
        _ = layer.update(.character("\u{14}"), e)
        _ = layer.update(.enter, e)
        XCTAssertNil(layer.current.scheduledAt, "an empty line: at once")
        var edit = ComposeLayer(draft: Draft(id: "edit:1", text: "x", editingID: "1"), context: nil)
        XCTAssertEqual(edit.update(.character("\u{14}"), e), [.say("An edit is saved at once; only a new post can be scheduled.", error: true)])
    }
}
