import Foundation
import TernDemo
@testable import TernImages
import TernModel
import XCTest

/// Moving pictures' frames: a GIF's through giflib, a video's through the real ffmpeg, and which
/// attachments move at all.
final class MovingPictureTests: XCTestCase {
    /// The ball's colour at its centre in frame k of the demo's animation (yellow on even frames, red on odd).
    private func ballIsAt(_ image: RGBAImage, frame k: Int, scale: Double) -> Bool {
        let x = Int(Double(30 + (320 - 60) * k / 11) * scale), y = Int(90 * scale)
        let o = (y * image.width + x) * 4
        return image.pixels[o] > 200 && image.pixels[o + 3] == 255
    }

    func testEveryFrameOfAGIFComesComposedWithItsDelay() throws {
        let gif = try DemoServer.sampleAnimation()
        let frames = try GIFFrames(gif, target: (320, 180), limits: ImageLimits())
        var all: [GIFFrames.Frame] = []
        while let f = try frames.next() { all.append(f) }
        XCTAssertEqual(all.count, 12)
        XCTAssertEqual(all.map(\.delay), Array(repeating: 0.1, count: 12))
        XCTAssertEqual(all.first.map { [$0.image.width, $0.image.height] }, [320, 180])
        for (k, f) in all.enumerated() {
            XCTAssertTrue(ballIsAt(f.image, frame: k, scale: 1), "frame \(k): the ball is not where it was drawn")
        }
        // The ball has left where it started: the frames differ, not the first one twelve times.
        XCTAssertFalse(ballIsAt(all[11].image, frame: 0, scale: 1))
        XCTAssertNil(try frames.next(), "frames after the end")
    }

    func testAGIFIsDecodedReducedWhenItsBoxIsSmall() throws {
        let frames = try GIFFrames(try DemoServer.sampleAnimation(), target: (80, 45), limits: ImageLimits())
        let first = try XCTUnwrap(try frames.next())
        XCTAssertEqual([first.image.width, first.image.height], [80, 45])
        XCTAssertTrue(ballIsAt(first.image, frame: 0, scale: 0.25))
    }

    func testAGIFCutOffAfterItsFirstFrameEndsThereAndOneWithoutAFrameIsBroken() throws {
        let gif = try DemoServer.sampleAnimation()
        // The first frame's image data ends before the second frame's control block: cut there, plus a few bytes.
        let frames = try GIFFrames(Array(gif.prefix(gif.count / 12 + 800)), target: (320, 180), limits: ImageLimits())
        XCTAssertNotNil(try frames.next())
        var more = 0
        while try frames.next() != nil { more += 1 }
        XCTAssertLessThan(more, 11)
        XCTAssertThrowsError(try GIFFrames(Array(gif.prefix(40)), target: (320, 180), limits: ImageLimits()).next())
    }

    func testPPMFramesAreCutFromAStreamHoweverItArrives() throws {
        var rng = SeededRandom(seed: 20261127)
        var stream: [UInt8] = []
        for k in 0..<3 {
            stream += Array("P6\n4 2\n255\n".utf8)
            stream += (0..<8).flatMap { i in [UInt8(k * 10), UInt8(i), 200] }
        }
        var ppm = PPMStream(), got: [RGBAImage] = []
        var at = 0
        while at < stream.count {
            let n = Int.random(in: 1...9, using: &rng)
            stream[at..<min(stream.count, at + n)].withUnsafeBytes { ppm.append($0) }
            at += n
            while let f = try ppm.next() { got.append(f) }
        }
        XCTAssertEqual(got.count, 3, "seed 20261127")
        XCTAssertEqual(got.map { [$0.width, $0.height, Int($0.pixels[0]), Int($0.pixels[4 * 7 + 1]), Int($0.pixels[3])] },
                       [[4, 2, 0, 7, 255], [4, 2, 10, 7, 255], [4, 2, 20, 7, 255]])
        var bad = PPMStream()
        Array("P3\n1 1\n255\n".utf8).withUnsafeBytes { bad.append($0) }
        XCTAssertThrowsError(try bad.next())
    }

    func testFFmpegPlaysAVideoFileIntoTheBox() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-moving-\(UUID().uuidString).gif")
        try Data(try DemoServer.sampleAnimation()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var frames: [RGBAImage] = []
        try await VideoFrames.play(file.path, width: 160, height: 160) { image, delay in
            XCTAssertEqual(delay, 1.0 / 12, accuracy: 0.0001)
            frames.append(image)
        }
        // 1.2 seconds at twelve frames a second, shape kept within 160×160.
        XCTAssertGreaterThanOrEqual(frames.count, 12)
        XCTAssertEqual(frames.first.map { [$0.width, $0.height] }, [160, 90])
        XCTAssertTrue(ballIsAt(frames[0], frame: 0, scale: 0.5))
        XCTAssertFalse(ballIsAt(frames[frames.count - 1], frame: 0, scale: 0.5), "the last frame is the first")
    }

    /// A video smaller than its box comes at its own size: the terminal's pixels are made from it as from a
    /// GIF's frame, not from ffmpeg's enlargement.
    func testFFmpegNeverEnlargesAVideo() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-moving-\(UUID().uuidString).gif")
        try Data(try DemoServer.sampleAnimation()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var sizes: Set<[Int]> = []
        try await VideoFrames.play(file.path, width: 1160, height: 700) { image, _ in sizes.insert([image.width, image.height]) }
        XCTAssertEqual(sizes, [[320, 180]])
    }

    func testWithoutFFmpegItSaysWhatToInstall() async throws {
        do {
            try await VideoFrames.play("/nonexistent.mp4", width: 10, height: 10, program: "tern-no-such-ffmpeg") { _, _ in }
            XCTFail("played without a program")
        } catch let error as ImageError {
            XCTAssertEqual(error, .unavailable("Moving pictures need ffmpeg (apt install ffmpeg)"))
        }
    }

    func testABrokenVideoSaysWhatFFmpegSaid() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-broken-\(UUID().uuidString).mp4")
        try Data("not a video".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try await VideoFrames.play(file.path, width: 10, height: 10) { _, _ in }
            XCTFail("a broken file played")
        } catch ImageError.corrupt(let why) {
            XCTAssertTrue(why.hasPrefix("ffmpeg: "), why)
        }
    }

    func testWhatMovesInTheLargeView() {
        func media(_ kind: MediaAttachment.Kind, _ url: String, duration: Double? = nil) -> MediaAttachment {
            MediaAttachment(id: "1", kind: kind, url: url, previewURL: nil, duration: duration)
        }
        XCTAssertEqual(MovingRequest.kind(of: media(.gifv, "https://m.example/a.mp4")), .video)
        XCTAssertEqual(MovingRequest.kind(of: media(.video, "https://m.example/a.mp4", duration: 12)), .video)
        XCTAssertEqual(MovingRequest.kind(of: media(.video, "https://m.example/a.mp4")), .video)
        XCTAssertNil(MovingRequest.kind(of: media(.video, "https://m.example/a.mp4", duration: 61)), "a long video goes to the player")
        XCTAssertNil(MovingRequest.kind(of: media(.audio, "https://m.example/a.mp3", duration: 5)))
        XCTAssertEqual(MovingRequest.kind(of: media(.image, "https://m.example/cat.GIF?x=1")), .gif)
        XCTAssertNil(MovingRequest.kind(of: media(.image, "https://m.example/cat.png")))
    }
}
