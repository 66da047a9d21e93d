import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// Video, gifv and sound: their length on the post, and `v` handing the address to a player with no shell.
final class MediaPlayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func videoPost() -> Post {
        let video = MediaAttachment(id: "v1", kind: .video, url: "https://media.example/v1.mp4", previewURL: "https://media.example/v1.png",
                                    width: 640, height: 360, duration: 67.4)
        let sound = MediaAttachment(id: "a1", kind: .audio, url: "https://media.example/a1.mp3", previewURL: nil, duration: 3_725)
        return Post(id: "p1", statusID: "p1", account: Account(id: "1", acct: "ada", displayName: "Ada"), createdAt: now,
                    content: StyledText(plain: "listen"), media: [video, sound])
    }

    func testThePostSaysWhatPlaysAndForHowLong() {
        let layout = RowLayout(row: .post(videoPost()), width: 100, revealed: false, now: now)
        let text = layout.lines.map { $0.map(\.text.string).joined(separator: " ") }
        XCTAssertTrue(text.contains { $0.contains("▶ video 1:07") && $0.contains("♪ audio 1:02:05") && $0.contains("(v plays)") }, "\(text)")
    }

    func testVHandsTheFirstPlayableToThePlayer() {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: [.post(videoPost())]), e)
        _ = stack.apply(stack.settle(e))
        XCTAssertEqual(stack.apply(stack.key(.character("v"), e)), [.play("https://media.example/v1.mp4")])
    }

    /// The address reaches the player as one argument, even with characters a shell would act on.
    func testThePlayerGetsTheAddressAsOneArgumentWithNoShell() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("args"), player = folder.appendingPathComponent("player")
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > \(out.path).tmp && mv \(out.path).tmp \(out.path)\n"
            .write(to: player, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: player.path)
        let trap = folder.appendingPathComponent("pwned")
        let link = "https://media.example/v.mp4?a=1&b=$(touch%20\(trap.path));x"
        XCTAssertEqual(MediaPlayer.play(link, environment: ["TERN_PLAYER": player.path + " --fs"]), .playing(player.path))
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: out.path), Date() < deadline { usleep(20_000) }
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "2\n--fs\n\(link)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trap.path), "a shell ran the address")
    }

    /// Without pixels (symbols, as inside tmux) the large view shows a GIF as a still: its row says so before
    /// `v`, where it said "v plays"; with pixels it plays.
    func testAGifSaysItIsAStillWhereTheTerminalDrawsNoPixels() {
        let gif = MediaAttachment(id: "g1", kind: .gifv, url: "https://media.example/g1.mp4", previewURL: "https://media.example/g1.png",
                                  width: 640, height: 360)
        let post = Post(id: "p2", statusID: "p2", account: Account(id: "1", acct: "ada", displayName: "Ada"), createdAt: now,
                        content: StyledText(plain: "look"), media: [gif])
        func line(pixels: Bool) -> String? {
            var pictures = PictureLayout()
            pictures.pixels = pixels
            return RowLayout(row: .post(post), width: 100, revealed: false, now: now, pictures: pictures).lines
                .map { $0.map(\.text.string).joined(separator: " ") }.first { $0.contains("▶ gif") }
        }
        XCTAssertEqual(line(pixels: false)?.contains("(v shows a still here, p in it plays)"), true, "\(String(describing: line(pixels: false)))")
        XCTAssertEqual(line(pixels: true)?.contains("(v plays)"), true, "\(String(describing: line(pixels: true)))")
    }

    /// No player: the message says what is missing and what to install or set, in one row beside the status
    /// line's right part at 120 columns (the large view covers the row above, and only "The address: …",
    /// the second row, showed).
    func testNoPlayerSaysWhatToInstall() {
        let missing = MediaPlayer.play("https://media.example/v.mp4", environment: ["TERN_PLAYER": "/nonexistent/player"])
        XCTAssertEqual(missing, .noPlayer("Can't play: /nonexistent/player (TERN_PLAYER) could not be started."))
        XCTAssertEqual(FrameRenderer.messageLines(MediaPlayer.notInstalled, width: 90).count, 1, "one row, naming mpv")
        XCTAssertTrue(MediaPlayer.notInstalled.contains("mpv") && MediaPlayer.notInstalled.contains("TERN_PLAYER"))
        XCTAssertTrue(BrowserLauncher.noBrowserMessage("https://ex.example/a").hasPrefix("No browser to open it in (set BROWSER"))
        XCTAssertEqual(MediaPlayer.play("file:///etc/passwd", environment: [:]), .refused("Not playing an address that isn't http(s)"))
    }
}

/// `v` on a post with several pictures: a gallery that flips with ←/→ and says where it is.
final class GalleryTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post() -> Post {
        let pictures = (0..<3).map { i in
            MediaAttachment(id: "m\(i)", kind: .image, url: "https://media.example/\(i).jpg", previewURL: "https://media.example/\(i)s.jpg",
                            description: "picture \(i)", previewWidth: 400, previewHeight: 300)
        }
        let video = MediaAttachment(id: "v", kind: .video, url: "https://media.example/v.mp4", previewURL: "https://media.example/v.png",
                                    duration: 120)
        return Post(id: "p1", statusID: "p1", account: Account(id: "1", acct: "ada", displayName: "Ada"), createdAt: now,
                    content: StyledText(plain: "three pictures"), media: pictures + [video])
    }

    /// A gifv is in the gallery as its still, which the runner plays while it is shown; `p` hands it to the player.
    func testAGifvIsAStillThatMovesWhileShown() throws {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.renderer.pictures.pixels = true
        let clip = MediaAttachment(id: "g", kind: .gifv, url: "https://media.example/g.mp4", previewURL: "https://media.example/g.png")
        let post = Post(id: "p2", statusID: "p2", account: Account(id: "1", acct: "ada", displayName: "Ada"), createdAt: now,
                        content: StyledText(plain: "a clip"), media: [clip])
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: [.post(post)]), e)
        _ = stack.apply(stack.settle(e))
        _ = stack.apply(stack.key(.character("v"), e))
        let view = try XCTUnwrap(stack.top as? LargeImageLayer)
        XCTAssertEqual(view.image.request.url, "https://media.example/g.png", "the still first")
        XCTAssertEqual(stack.movingPicture, MovingRequest(url: "https://media.example/g.mp4", kind: .video, columns: 96, rows: 25))
        XCTAssertEqual(stack.apply(stack.key(.character("p"), e)), [.play("https://media.example/g.mp4")])
        _ = stack.apply(stack.key(.character("x"), e))
        XCTAssertNil(stack.movingPicture, "nothing plays once the view is closed")
    }

    func testFlippingThroughAPostsPictures() {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: [.post(post())]), e)
        _ = stack.apply(stack.settle(e))
        let opened = stack.apply(stack.key(.character("v"), e))
        let gallery = try! XCTUnwrap(stack.top as? LargeImageLayer)
        XCTAssertEqual(gallery.images.map(\.request.url), (0..<3).map { "https://media.example/\($0).jpg" }, "the originals; the long video plays instead")
        XCTAssertEqual(opened, [gallery.load])
        XCTAssertEqual(stack.apply(stack.key(.left, e)), [], "already at the first")
        XCTAssertEqual(stack.apply(stack.key(.right, e)), [.loadLarge(ThumbnailRequest(url: "https://media.example/1.jpg", columns: 96, rows: 25, whole: true),
                                                                    blurhash: nil, aspect: nil)])
        XCTAssertEqual(stack.apply(stack.key(.character("l"), e)).count, 1)
        XCTAssertEqual(stack.apply(stack.key(.right, e)), [], "already at the last")
        XCTAssertEqual((stack.top as? LargeImageLayer)?.image.caption, "picture 2")
        _ = stack.apply(stack.key(.character("h"), e))
        XCTAssertEqual((stack.top as? LargeImageLayer)?.index, 1)
        _ = stack.apply(stack.key(.character("x"), e))
        XCTAssertTrue(stack.top is FeedLayer, "any other key closes")
    }

    func testAClickOpensTheGalleryAtThePictureClicked() {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.home))
        layer.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: [.post(post())]), e)
        _ = layer.settle(e)
        let box = e.renderer.layout(.post(post()), width: 100, revealed: false, now: now).media[2]
        let click = layer.update(.mouse(MouseEvent(button: .left, row: 1 + box.line + 1, column: box.column + 1)), e)
        guard case .push(.gallery(let images, let start))? = click.first else { return XCTFail("\(click)") }
        XCTAssertEqual(start, 2)
        XCTAssertEqual(images[start].caption, "picture 2")
    }
}
