import Subprocess

/// The frames of a short video (a gifv, a clip), decoded by ffmpeg in a process of its own: it reads the
/// address itself, makes it smaller to fit the box, and writes plain PPM frames to a pipe, which are read one at a time.
/// Waiting for a frame to be shown before reading the next is what holds ffmpeg back (the pipe fills), so
/// memory is a frame or two. Cancelling the caller's task ends ffmpeg.
enum VideoFrames {
    /// Frames a second asked of ffmpeg: enough for motion. Not few enough for sixel over a slow link: a
    /// sixel frame of the large view is some 300 KB (tern-bench images), megabytes a second.
    static let framesPerSecond = 12
    /// The longest stretch played here; longer videos go to the player (`MovingRequest.isShort`).
    static let maxSeconds = 60

    /// Calls `each` with every frame of the video at `url`, fitted into `width`×`height` pixels with its
    /// shape kept (a smaller video at its own size), and the seconds it stays. Throws `ImageError` when ffmpeg is missing or can't read it.
    static func play(_ url: String, width: Int, height: Int, program: String = "ffmpeg",
                     each: (RGBAImage, Double) async throws -> Void) async throws {
        // Made smaller to fit, never larger: the terminal's pixels are made from the frame as from a GIF's,
        // and ffmpeg's smooth enlarging cost 12 times the bytes a kitty frame of the demo's clip sends.
        let (w, h) = (max(2, width), max(2, height))
        let arguments = ["-nostdin", "-v", "error", "-t", "\(maxSeconds)", "-i", url, "-an",
                         "-vf", "fps=\(framesPerSecond),scale='min(\(w),iw)':'min(\(h),ih)':force_original_aspect_ratio=decrease",
                         "-f", "image2pipe", "-c:v", "ppm", "-"]
        let delay = 1 / Double(framesPerSecond)
        let result: ExecutionResult<Int, SequenceOutput, StringOutput<UTF8>>
        do {
            result = try await run(.name(program), arguments: Arguments(arguments), input: .none, output: .sequence,
                                   error: .string(limit: 4096)) { execution in
                var frames = PPMStream(), shown = 0
                for try await chunk in execution.standardOutput {
                    chunk.withUnsafeBytes { frames.append($0) }
                    while let frame = try frames.next() {
                        try await each(frame, delay)
                        shown += 1
                    }
                }
                return shown
            }
        } catch let error as SubprocessError where error.code == .executableNotFound {
            throw ImageError.unavailable("Moving pictures need ffmpeg (apt install ffmpeg)")
        }
        guard result.closureResult > 0 else {
            let said = result.standardError.split(separator: "\n").last.map(String.init) ?? "\(result.terminationStatus)"
            throw ImageError.corrupt("ffmpeg: \(said)")
        }
    }
}

/// Binary PPM frames (P6, 8 bits) cut from a stream of bytes as they arrive.
struct PPMStream {
    private var bytes: [UInt8] = []
    private var start = 0

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        // What was read is dropped once it is most of the buffer, so the buffer stays near a frame's size.
        if start > 0, start >= bytes.count / 2 {
            bytes.removeFirst(start)
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next whole frame, nil until one has arrived; throws on what is no PPM frame.
    mutating func next() throws -> RGBAImage? {
        var at = start
        var fields: [Int] = []
        guard bytes.count - at >= 2 else { return nil }
        guard bytes[at] == UInt8(ascii: "P"), bytes[at + 1] == UInt8(ascii: "6") else { throw ImageError.corrupt("not a PPM frame") }
        at += 2
        // Width, height and the largest value, each after white space; one white space byte before the pixels.
        while fields.count < 3 {
            while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
            var value = 0, digits = 0
            while at < bytes.count, bytes[at] >= 48, bytes[at] <= 57, digits < 6 {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
                digits += 1
            }
            guard at < bytes.count else { return nil }
            guard digits > 0, Self.isSpace(bytes[at]) else { throw ImageError.corrupt("a PPM header") }
            fields.append(value)
        }
        at += 1
        let (width, height, maxValue) = (fields[0], fields[1], fields[2])
        guard width > 0, height > 0, maxValue == 255 else { throw ImageError.corrupt("a \(width)×\(height) PPM of \(maxValue)") }
        guard bytes.count - at >= width * height * 3 else { return nil }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            pixels[i * 4] = bytes[at + i * 3]
            pixels[i * 4 + 1] = bytes[at + i * 3 + 1]
            pixels[i * 4 + 2] = bytes[at + i * 3 + 2]
        }
        start = at + width * height * 3
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 13 || b == 9 }
}
