import AsyncHTTPClient
import Foundation
import TernDemo
import TernImages
import TernModel

extension ImagesBench {
    /// What a frame costs the terminal and the user.
    private final class FrameLog: @unchecked Sendable {
        private let lock = NSLock()
        private var frames: [(at: UInt64, bytes: Int)] = []
        func add(_ bytes: Int) { lock.withLock { frames.append((ImagesBench.clock, bytes)) } }
        var all: [(at: UInt64, bytes: Int)] { lock.withLock { frames } }
    }

    /// The demo's moving picture (12 frames of 320×180, 0.1 s each) in the large view of a 120×40 screen
    /// (116×35 cells of 10×20 pixels), played as the app plays it, by giflib and by ffmpeg, for each pixel
    /// mode: the wait for the first frame, the bytes a frame sends, and the time between frames over two
    /// loops (due: 100 ms from giflib, 83 ms from ffmpeg's twelve a second).
    func moving(_ http: HTTPClient) async throws -> [Figure] {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        guard let path = await server.movingPicturePath() else { return [Figure(name: "moving: the demo has none", value: .nan, unit: "")] }
        var figures: [Figure] = []
        for mode in [GraphicsMode.kitty, .sixel, .iterm] {
            for kind in [MovingRequest.Kind.gif, .video] {
                let loader = ImageLoader(http: http, colorMode: .truecolor, pixels: PixelOutput(mode: mode, cell: CellPixels(width: 10, height: 20)))
                let request = MovingRequest(url: server.baseURL + path, kind: kind, columns: 116, rows: 35)
                let log = FrameLog(), start = Self.clock
                let playing = Task {
                    try await MovingPicturePlayer(loader: loader).play(request) { log.add($0.thumbnail.pixels?.byteCount ?? 0) }
                }
                let deadline = Date().addingTimeInterval(30)
                while log.all.count < 25, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
                playing.cancel()
                let frames = log.all
                let name = "moving (\(kind == .gif ? "giflib" : "ffmpeg"), \(mode.rawValue))"
                guard frames.count >= 2 else {
                    figures.append(Figure(name: "\(name): played no frames", value: .nan, unit: ""))
                    continue
                }
                let gaps = zip(frames.dropFirst(), frames).map { Double($0.at - $1.at) / 1e6 }
                figures += [
                    Figure(name: "\(name): first frame", value: Double(frames[0].at - start) / 1e6, unit: "ms"),
                    Figure(name: "\(name): sent a frame", value: Report.median(frames.map { Double($0.bytes) }) / 1024, unit: "KB"),
                    Figure(name: "\(name): between frames", value: Report.median(gaps), unit: "ms"),
                    Figure(name: "\(name): longest between frames", value: gaps.max() ?? .nan, unit: "ms"),
                ]
            }
        }
        return figures
    }
}
