import Foundation
import TernModel

/// A moving picture to play in a box of cells (the large view): a GIF's frames, or a short video's.
package struct MovingRequest: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// An animated GIF, decoded here (giflib).
        case gif
        /// A gifv or a short video, decoded by ffmpeg.
        case video
    }

    package var url: String
    package var kind: Kind
    package var columns: Int
    package var rows: Int

    package init(url: String, kind: Kind, columns: Int, rows: Int) {
        self.url = url
        self.kind = kind
        self.columns = columns
        self.rows = rows
    }

    /// What of an attachment moves and is short enough to play in the large view: a gifv, a video of a
    /// minute or less (or of no stated length: ffmpeg stops at a minute), a picture whose address says GIF.
    /// nil for stills, sound and long videos (those go to the player).
    package static func kind(of media: MediaAttachment) -> Kind? {
        switch media.kind {
        case .gifv: return .video
        case .video: return (media.duration ?? 0) <= Double(VideoFrames.maxSeconds) ? .video : nil
        case .image:
            let path = media.url.flatMap { URL(string: $0)?.path.lowercased() } ?? ""
            return path.hasSuffix(".gif") ? .gif : nil
        case .audio, .unknown: return nil
        }
    }
}

/// One frame to show: drawn as a thumbnail is, numbered from the start of playing (every frame shown has
/// a number of its own, loops included, so the screen sends it even where it repeats an earlier one).
package struct MovingFrame: Sendable {
    package var thumbnail: Thumbnail
    package var number: Int
}

/// Plays moving pictures: frames decoded and made for the terminal off the UI loop, each handed over when
/// it is due. The frames made are kept, up to `budget` bytes, so a loop that fits costs nothing after its
/// first pass; one that doesn't is decoded again each time. Ends only when its task is cancelled (or it
/// turns out to be a still: a GIF of one frame, whose still the large view shows already).
package struct MovingPicturePlayer: Sendable {
    package static let budget = 24 << 20
    let loader: ImageLoader

    package init(loader: ImageLoader) { self.loader = loader }

    /// Plays `request` until cancelled, calling `show` with each frame when it is due. Throws `ImageError`
    /// when it can't be played (ffmpeg missing, a broken file, offline and not cached).
    package func play(_ request: MovingRequest, show: @escaping @Sendable (MovingFrame) -> Void) async throws {
        let (mode, output, limits) = await loader.drawing
        guard let output, output.mode.sendsPixels else { return }
        let worker = RenderWorker()
        let box = output.box(columns: request.columns, rows: request.rows)
        let size = output.pixels(columns: box.columns, rows: box.rows)
        var pacing = Pacing()
        var kept: [(Thumbnail, Double)] = [], keptBytes = 0, fits = true, frames = 0
        func present(_ image: RGBAImage, _ delay: Double) async throws {
            try Task.checkCancellation()
            let (thumbnail, _) = try await worker.thumbnail(.pixels(image), columns: request.columns, rows: request.rows, whole: true,
                                                            mode: mode, pixels: output, limits: limits)
            frames += 1
            if fits {
                kept.append((thumbnail, delay))
                keptBytes += thumbnail.byteCount
                if keptBytes > Self.budget { fits = false; kept = [] }
            }
            try await pacing.wait()
            show(MovingFrame(thumbnail: thumbnail, number: pacing.next(delay)))
        }
        let bytes = request.kind == .gif ? try await loader.original(request.url).bytes : []
        /// Every frame once, decoded afresh.
        func pass() async throws {
            switch request.kind {
            case .gif:
                let gif = try GIFFrames(bytes, target: size, limits: limits)
                while var frame = try gif.next() {
                    // Transparent pixels drawn black, as kitty's and iTerm2's pixels (which have no alpha) draw
                    // them: a frame then covers the one before it everywhere, in sixel too. (ffmpeg's are opaque.)
                    for i in stride(from: 3, to: frame.image.pixels.count, by: 4) { frame.image.pixels[i] = 255 }
                    try await present(frame.image, frame.delay)
                }
            case .video:
                try await VideoFrames.play(request.url, width: size.width, height: size.height) { try await present($0, $1) }
            }
        }
        // A single frame is a still, which the large view shows already; a loop too large to keep is decoded
        // again on each pass.
        repeat {
            try await pass()
            if frames < 2 { return }
        } while !fits
        // Every frame is kept: the loop goes on from memory.
        while true {
            for (thumbnail, delay) in kept {
                try await pacing.wait()
                show(MovingFrame(thumbnail: thumbnail, number: pacing.next(delay)))
            }
        }
    }
}

/// When each frame is due: one after another at their delays from the first, and when decoding falls
/// behind, from when the late frame is shown (never a burst of frames to catch up).
struct Pacing {
    private let clock = ContinuousClock()
    private var due: ContinuousClock.Instant?
    private var shown = 0

    mutating func wait() async throws {
        if let due, due > clock.now { try await clock.sleep(until: due) }
        try Task.checkCancellation()
    }

    /// The frame's number; the next one is due `delay` seconds from now (or from when this one was due).
    mutating func next(_ delay: Double) -> Int {
        let now = clock.now
        due = max(due ?? now, now - .milliseconds(20)) + .milliseconds(Int(delay * 1000))
        shown += 1
        return shown
    }
}
