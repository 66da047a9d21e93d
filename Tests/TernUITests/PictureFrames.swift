import Foundation
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI

/// A 100×30 screen writing to a file, and what each frame that draws one picture added to it: the bytes a
/// terminal would get for that frame alone.
final class PictureFrames {
    let screen: Screen
    private let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-screen-\(UUID().uuidString)")
    private let renderer = FrameRenderer(theme: .builtIn)
    private var read = 0

    init() throws {
        screen = try Screen(terminalType: "xterm-256color", output: out.path, size: (rows: 30, columns: 100), environment: [:])
    }

    deinit { try? FileManager.default.removeItem(at: out) }

    /// A frame with `t` at `row` (column 5) in a list of rows 1..<29, as the terminal gets it.
    func picture(_ t: Thumbnail, key: ThumbnailRequest, at row: Int) -> String {
        screen.erase()
        renderer.drawPicture(t, key: key, row: row, column: 5, visibleRows: 1..<29, on: screen.canvas)
        screen.update()
        let all = (try? Data(contentsOf: out)) ?? Data()
        defer { read = all.count }
        return String(decoding: all[read...], as: UTF8.self)
    }

    /// Everything the frames wrote so far.
    func written() throws -> String { String(decoding: try Data(contentsOf: out), as: UTF8.self) }
}
