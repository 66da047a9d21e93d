import Foundation
import TernFeed
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// The large view's caption row (issue 45, item 16): the caption and the keys were one line cut at the edge
/// (`… ▶ moves where the terminal …`), and `1/2 ←/→ flip` was lost on a first picture with a long caption.
/// The keys are whole at the right on every picture, the caption ends at a word, and a moving picture's
/// note has a row of its own.
final class LargeViewCaptionTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheKeysAreWholeOnEveryPictureAndNoSentenceIsCut() throws {
        let caption = "A heron standing in the shallow water of the estuary at dawn, with the mist still on the reeds behind it"
        var moving = LargeImage(request: ThumbnailRequest(url: "https://x/0.png", columns: 76, rows: 19), caption: caption,
                                blurhash: nil, aspect: 16.0 / 9.0)
        moving.moving = .init(url: "https://x/0.mp4", kind: .video)
        let still = LargeImage(request: ThumbnailRequest(url: "https://x/1.png", columns: 76, rows: 19), caption: "short", blurhash: nil, aspect: 1)
        for columns in [80, 120] {
            let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, columns))
            defer { screen.close() }
            let e = LayerEnv(rows: 24, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
            var stack = LayerStack(root: .home)
            _ = stack.apply([.push(.gallery([moving, still], start: 0))])
            for (i, picture) in [moving, still].enumerated() {
                stack.render(e, on: screen)
                let rows = (0..<24).map { screen.frame.text(row: $0) }
                let captionRow = rows[22].trimmingCharacters(in: .whitespaces)
                XCTAssertTrue(captionRow.hasSuffix("\(i + 1)/2  ←/→ flip · " + (i == 0 ? "p player · " : "") + "Esc closes"),
                              "\(columns) columns, picture \(i + 1): \(captionRow)")
                let shown = captionRow.components(separatedBy: "  \(i + 1)/2")[0].trimmingCharacters(in: .whitespaces)
                if shown.hasSuffix("…") {
                    let words = shown.dropLast().split(separator: " ").map(String.init)
                    XCTAssertEqual(words, Array(picture.caption.split(separator: " ").map(String.init).prefix(words.count)),
                                   "the caption is cut inside a word: \(shown)")
                } else {
                    XCTAssertEqual(shown, picture.caption)
                }
                if i == 0 {
                    XCTAssertTrue(rows.contains { $0.contains("▶ moves where the terminal draws pixels; p plays it in the player") },
                                  "\(columns) columns: the moving picture's note is cut:\n\(rows.joined(separator: "\n"))")
                }
                _ = stack.apply(stack.key(.right, e))
            }
        }
    }

    /// Issue 45: in the right pane at 200×60 the picture sat at the top with 12 empty rows under it. A
    /// picture's symbols are made for the whole box; its pixels may take fewer rows: it is centred by what
    /// is drawn.
    func testAPictureIsCentredByTheCellsItsPixelsTake() {
        let grid = CellGrid(width: 116, height: 55, colorSpace: .indexed,
                            cells: Array(repeating: .init(character: " ", foreground: 0, background: 0), count: 116 * 55))
        let sixel = Thumbnail(grid: grid, pixels: .inline(InlinePicture(columns: 116, rows: 31, sequence: [])))
        XCTAssertEqual(FrameRenderer.drawnSize(sixel).rows, 31)
        XCTAssertEqual(FrameRenderer.drawnSize(Thumbnail(grid: grid, pixels: .kittyImage(id: 7, columns: 116, rows: 31, height: 620))).rows, 31)
        XCTAssertEqual(FrameRenderer.drawnSize(Thumbnail(grid: grid)).rows, 55)
    }
}
