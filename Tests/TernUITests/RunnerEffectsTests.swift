import Foundation
import TernDemo
@testable import TernFeed
import TernImages
import TernModel
@testable import TernUI
import XCTest

/// Every effect the runner carries out itself (`AppRunner.perform`'s arms but the one that hands an
/// account's effects to its session, which `AccountEffectsTests` proves) is done, none dropped: for each, on
/// real parts (`RunnerRig`), what it changed (the engines, the pictures, the status line, the screen's bytes,
/// the stack) once `perform` had it, the mail it brought handed on as the loop does.
final class RunnerEffectsTests: XCTestCase {
    struct Row {
        var name: String
        var check: (RunnerRig) async throws -> Void
    }

    func testEveryEffectTheRunnerCarriesIsDone() async throws {
        let rows = table()
        let names = rows.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "an effect with two rows")
        let carried = try SourceCases.performArms().reduce(into: Set<String>()) { $0.formUnion($1.names) }.subtracting(SourceCases.accountArm())
        XCTAssertEqual(carried.subtracting(names).sorted(), [], "the runner carries these, and the table has no row for them")
        XCTAssertEqual(Set(names).subtracting(carried).sorted(), [], "rows for effects the runner does not carry itself")
        for row in rows {
            let rig = try await RunnerRig.start(output: row.name == "repaint" ? Self.screenFile : "/dev/null")
            let failures = testRun?.failureCount ?? 0
            try await row.check(rig)
            if (testRun?.failureCount ?? 0) > failures { print("RunnerEffectsTests: the row \(row.name) failed") }
            try await rig.close()
        }
        try FileManager.default.removeItem(atPath: Self.screenFile)
    }

    /// Where the repaint row's screen is written, to count what reached the terminal.
    static let screenFile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-screen-\(UUID().uuidString)").path

    /// A picture of one of Home's posts, as the demo serves it.
    func picture(_ rig: RunnerRig) async throws -> MediaAttachment {
        let rows = try await rig.homeWithPosts()
        return try XCTUnwrap(rows.compactMap(\.post).flatMap(\.media).first { $0.kind == .image && $0.url != nil }, "no picture in Home")
    }

    /// Waits for the feeder to hold `request` ready.
    func ready(_ rig: RunnerRig, _ request: ThumbnailRequest) async throws -> Bool {
        try await rig.pump { runner in
            if case .ready? = runner.pictures.feeder.images[request] { return true }
            return false
        }
    }

    /// Sets environment variables for `body`, then puts them back as they were.
    func with(_ values: [String: String?], _ body: () async throws -> Void) async throws {
        let before = values.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        for (name, value) in values { if let value { setenv(name, value, 1) } else { unsetenv(name) } }
        defer { for (name, value) in before { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        try await body()
    }

    func table() -> [Row] {
        [
            Row(name: "feed") { rig in
                rig.runner.perform([.feed(.timeline(.local), .start)])
                XCTAssertNotNil(rig.runner.session.engines[.timeline(.local)], "its engine started")
                let came = try await rig.pump { $0.session.feeds[.timeline(.local)] != nil }
                XCTAssertTrue(came, "the engine's snapshot never came")
                rig.runner.perform([.feed(.timeline(.local), .follow(true))])
                XCTAssertEqual(rig.runner.status.message?.text, "Following is done from a profile or a hashtag's timeline")
            },
            Row(name: "thumbnails") { rig in
                let picture = try await self.picture(rig)
                let request = ThumbnailRequest(url: picture.previewURL ?? picture.url!, columns: 10, rows: 5)
                let box = MediaBox(line: 0, column: 0, columns: 10, rows: 5, attachment: picture, request: request)
                rig.runner.perform([.thumbnails(ThumbnailDemand(visible: [RowMedia(id: "p", boxes: [box])]))])
                let loaded = try await self.ready(rig, request)
                XCTAssertTrue(loaded, "the picture in view never loaded")
            },
            Row(name: "retryImages") { rig in
                let picture = try await self.picture(rig)
                let request = ThumbnailRequest(url: picture.previewURL ?? picture.url!, columns: 10, rows: 5)
                let box = MediaBox(line: 0, column: 0, columns: 10, rows: 5, attachment: picture, request: request)
                rig.runner.perform([.thumbnails(ThumbnailDemand(visible: [RowMedia(id: "p", boxes: [box])]))])
                rig.runner.accept(.image(request, .failed("The server didn't answer")))
                rig.runner.perform([.retryImages([request])])
                XCTAssertNil(rig.runner.pictures.feeder.images[request], "the failure is forgotten")
                let loaded = try await self.ready(rig, request)
                XCTAssertTrue(loaded, "asked again, it never loaded")
            },
            Row(name: "loadLarge") { rig in
                let picture = try await self.picture(rig)
                let request = ThumbnailRequest(url: picture.url!, columns: 60, rows: 30, whole: true)
                rig.runner.perform([.loadLarge(request, blurhash: picture.blurhash, aspect: nil)])
                let loaded = try await self.ready(rig, request)
                XCTAssertTrue(loaded, "the large picture never loaded")
            },
            Row(name: "openURL") { rig in
                try await self.with(["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "BROWSER": nil]) {
                    rig.runner.perform([.openURL("https://example.org/a")])
                    XCTAssertEqual(rig.runner.status.message?.text, "Copied the link (no browser here): https://example.org/a")
                }
                try await self.with(["BROWSER": "true"]) {
                    rig.runner.perform([.openURL("https://example.org/b")])
                    XCTAssertEqual(rig.runner.status.message?.text, "Opened in true")
                }
            },
            Row(name: "play") { rig in
                try await self.with(["TERN_PLAYER": "true"]) {
                    rig.runner.perform([.play("https://example.org/v.mp4")])
                    XCTAssertEqual(rig.runner.status.message?.text, "Playing in true")
                }
                try await self.with(["TERN_PLAYER": "/nonexistent/player"]) {
                    rig.runner.perform([.play("https://example.org/v.mp4")])
                    XCTAssertEqual(rig.runner.status.message?.text, "Can't play: /nonexistent/player (TERN_PLAYER) could not be started.")
                    XCTAssertEqual(rig.runner.status.message?.isError, true)
                }
            },
            Row(name: "copy") { rig in
                rig.runner.perform([.copy("hello", what: "the text")])
                XCTAssertEqual(rig.runner.status.message?.text, "Copied the text: hello")
            },
            Row(name: "switchAccount") { rig in
                rig.runner.perform([.switchAccount("bo@two")])
                XCTAssertTrue(rig.runner.session === rig.runner.sessions[1])
                XCTAssertEqual(rig.runner.status.message?.text, "bo@two")
                rig.runner.perform([.switchAccount("cy@three")])
                XCTAssertEqual(rig.runner.status.message?.text, "Only this account can be shown here.")
                XCTAssertTrue(rig.runner.session === rig.runner.sessions[1])
            },
            Row(name: "loadCatchUpAcross") { rig in
                // `C` from the inbox: one screen, every account open reading its own window for it.
                rig.runner.perform([.push(.catchUpAcross)])
                let read = try await rig.pump(20) { (($0.stack.top as? CatchUpLayer)?.loaded) != nil }
                XCTAssertTrue(read, "the accounts' windows never came: \(String(describing: (rig.runner.stack.top as? CatchUpLayer)?.failure))")
                let load = try XCTUnwrap((rig.runner.stack.top as? CatchUpLayer)?.loaded)
                XCTAssertEqual(load.accounts, ["ada@one", "bo@two"])
                XCTAssertEqual(Set(load.pool.items.compactMap(\.account)), ["ada@one", "bo@two"], "each account's posts, named")
                XCTAssertTrue(rig.runner.stack.top is CatchUpLayer, "on the stack of the account it was opened on")
            },
            Row(name: "asAccount") { rig in
                let rows = try await rig.homeWithPosts()
                let post = try XCTUnwrap(rows.compactMap(\.post).first { !$0.favourited })
                rig.runner.perform([.asAccount("bo@two", [.markPost(.favourite, post, wanted: true)])])
                XCTAssertTrue(rig.runner.sessions[1].sources.actions.apply(to: post).favourited, "liked as bo@two")
                XCTAssertFalse(rig.runner.sessions[0].sources.actions.apply(to: post).favourited, "not as the account shown")
                XCTAssertTrue(rig.runner.session === rig.runner.sessions[0], "the shown account stays")
                rig.runner.perform([.asAccount("cy@three", [.markPost(.favourite, post, wanted: true)])])
                XCTAssertEqual(rig.runner.status.message?.text, "cy@three is no longer open: A opens it again, then the post can be acted on.")
            },
            Row(name: "say") { rig in
                rig.runner.perform([.say("Nothing to send yet.", error: false)])
                XCTAssertEqual(rig.runner.status.message?.text, "Nothing to send yet.")
                XCTAssertEqual(rig.runner.status.message?.isError, false)
            },
            Row(name: "unsay") { rig in
                rig.runner.perform([.say("Asking the server…", error: false)])
                rig.runner.perform([.unsay("Asking the server…")])
                XCTAssertNil(rig.runner.status.message)
            },
            Row(name: "editExternally") { rig in
                let editor = rig.folder.appendingPathComponent("editor.sh")
                try "#!/bin/sh\nprintf 'written elsewhere' > \"$1\"\n".write(to: editor, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: editor.path)
                rig.runner.perform([.push(.compose(Draft(id: "d", text: "hello"), context: nil))])
                try await self.with(["VISUAL": editor.path]) {
                    rig.runner.perform([.editExternally("hello")])
                }
                XCTAssertEqual((rig.runner.stack.top as? ComposeLayer)?.current.text, "written elsewhere")
                try await self.with(["VISUAL": "false"]) {
                    rig.runner.perform([.editExternally("written elsewhere")])
                }
                XCTAssertEqual(rig.runner.status.message?.text, "false exited with an error; the text is unchanged")
                XCTAssertEqual((rig.runner.stack.top as? ComposeLayer)?.current.text, "written elsewhere")
            },
            Row(name: "repaint") { rig in
                // Drawn again with nothing changed, little reaches the terminal; after a repaint, about as much as
                // the first frame (curses' start included), which painted the whole screen.
                _ = try await rig.homeWithPosts()
                rig.runner.settleAndDraw()
                let drawn = try Self.bytes(Self.screenFile)
                rig.runner.settleAndDraw()
                let unchanged = try Self.bytes(Self.screenFile) - drawn
                rig.runner.perform([.repaint])
                rig.runner.settleAndDraw()
                let repainted = try Self.bytes(Self.screenFile) - drawn - unchanged
                XCTAssertGreaterThan(repainted, drawn / 2, "the first frame took \(drawn) bytes, the repaint \(repainted)")
                XCTAssertGreaterThan(repainted, 10 * unchanged, "unchanged \(unchanged) bytes, repainted \(repainted)")
            },
            Row(name: "quit") { rig in
                rig.runner.perform([.quit])
                XCTAssertFalse(rig.runner.running)
            },
            Row(name: "push") { rig in
                rig.runner.perform([.push(.feed(.notifications))])
                XCTAssertEqual((rig.runner.stack.top as? FeedLayer)?.feed, .notifications)
                XCTAssertEqual(rig.runner.stack.layers.count, 2)
            },
            Row(name: "pop") { rig in
                rig.runner.perform([.push(.help)])
                XCTAssertTrue(rig.runner.stack.top is HelpLayer)
                rig.runner.perform([.pop])
                XCTAssertEqual(rig.runner.stack.layers.count, 1)
                XCTAssertTrue(rig.runner.stack.top is FeedLayer)
            },
            Row(name: "switchTimeline") { rig in
                rig.runner.perform([.switchTimeline(.local)])
                XCTAssertEqual((rig.runner.stack.layers[0] as? FeedLayer)?.feed, .timeline(.local))
                XCTAssertNotNil(rig.runner.session.engines[.timeline(.local)], "its engine started")
            },
            Row(name: "focusPost") { rig in
                let rows = try await rig.homeWithPosts()
                let row = try XCTUnwrap(rows.dropFirst(2).first { $0.post != nil })
                rig.runner.perform([.focusPost(row.id)])
                XCTAssertEqual((rig.runner.stack.layers[0] as? FeedLayer)?.viewport.selectedID, row.id)
            },
            Row(name: "toggleWarning") { rig in
                let rows = try await rig.homeWithPosts()
                let row = try XCTUnwrap(rows.first { $0.post != nil })
                rig.runner.perform([.toggleWarning(OpenedWarnings.key(row))])
                XCTAssertTrue(rig.runner.stack.openedWarnings.isOpen(row))
                rig.runner.perform([.toggleWarning(OpenedWarnings.key(row))])
                XCTAssertFalse(rig.runner.stack.openedWarnings.isOpen(row))
            },
        ]
    }

    static func bytes(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
