import Foundation
import TernFeed
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// What a new user met at 80 columns (issue 45, item 18): the title bar kept no hint at all, not even
/// `? help`; the help box moved between its pages; a web feed's item that fits ended its hint with a
/// dangling `· all`; the grid's selection was only a reversed name; a blurred cell read `sensitive▀`.
final class NarrowScreenTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(_ n: Int, sensitive: Bool = false) -> Post {
        var p = Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a\(n)", acct: "user\(n)", displayName: "User \(n)"),
                     createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "Post \(n)."),
                     media: [MediaAttachment(id: "m\(n)", kind: .image, url: "https://x/\(n).png", previewURL: "https://x/\(n)s.png",
                                             blurhash: sensitive ? "LEHV6nWB2yk8pyo0adR*.7kCMdnj" : nil, previewWidth: 400, previewHeight: 300)])
        p.sensitive = sensitive
        return p
    }

    private func env(_ rows: Int, _ columns: Int) -> LayerEnv {
        var e = LayerEnv(rows: rows, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.sessionTitle = "demo at 127.0.0.1:38213 (imitating mastodon)"
        return e
    }

    private func screen(_ rows: Int, _ columns: Int) throws -> Screen {
        try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (rows, columns))
    }

    func testTheTitleBarKeepsTheHelpKeyAt80Columns() throws {
        for columns in [60, 80, 100] {
            let s = try screen(24, columns)
            defer { s.close() }
            let e = env(24, columns)
            var stack = LayerStack(root: .home)
            stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<5).map { post($0) })), e)
            _ = stack.apply(stack.settle(e))
            stack.render(e, on: s)
            let title = s.frame.text(row: 0)
            XCTAssertTrue(title.contains("? help"), "\(columns) columns: \(title)")
            XCTAssertTrue(title.contains("tern · Home"), "\(columns) columns: \(title)")
        }
    }

    func testTheHelpBoxStaysPutBetweenItsPages() throws {
        let s = try screen(24, 80)
        defer { s.close() }
        let e = env(24, 80)
        var stack = LayerStack(root: .home)
        _ = stack.apply([.push(.help)])
        func leftEdge() -> Int? {
            stack.render(e, on: s)
            let row = (0..<24).first { s.frame.text(row: $0).contains("Keys (") }
            return row.flatMap { r in s.frame.text(row: r).range(of: "Keys (").map { s.frame.text(row: r).distance(from: s.frame.text(row: r).startIndex, to: $0.lowerBound) } }
        }
        let first = try XCTUnwrap(leftEdge())
        for page in 1...3 {
            _ = stack.apply(stack.key(.character(" "), e))
            XCTAssertTrue(stack.top is HelpLayer)
            XCTAssertEqual(leftEdge(), first, "page \(page + 1) moved the box")
        }
    }

    /// The help taller than the screen passes a key of the list on (closed, the key acts), as the short one
    /// does: its title said only "j/k scroll, Esc or q closes", and a new user's `G` closed it by surprise.
    func testTheTallHelpSaysOtherKeysCloseItAndAct() throws {
        for (rows, columns) in [(24, 80), (30, 120)] {
            let s = try screen(rows, columns)
            defer { s.close() }
            let e = env(rows, columns)
            var stack = LayerStack(root: .home)
            _ = stack.apply([.push(.help)])
            stack.render(e, on: s)
            let text = (0..<rows).map { s.frame.text(row: $0) }
            let title = try XCTUnwrap(text.first { $0.contains("Keys (") }, "\(rows)×\(columns): no help")
            XCTAssertTrue(title.contains("j/k scroll"), "\(rows)×\(columns), a help taller than the screen: \(title)")
            XCTAssertTrue(title.contains("Esc or q closes · other keys close it and act"), "\(rows)×\(columns): \(title)")
        }
    }

    func testAnItemThatFitsEndsItsHintWithNoDanglingAll() throws {
        let s = try screen(24, 80)
        defer { s.close() }
        let e = env(24, 80)
        var layer = ArticleLayer(post(1))
        _ = layer.receive(.article(postID: "p1", text: StyledText(plain: "Short."), failure: nil), e)
        s.erase()
        layer.render(e, on: s)
        let status = s.frame.text(row: 23)
        XCTAssertTrue(status.hasSuffix("esc back "), status)
    }

    func testTheGridsSelectedCellIsMarkedAndABlurredCellsWordStandsApart() throws {
        let s = try screen(24, 80)
        defer { s.close() }
        var e = env(24, 80)
        let posts = [post(0), post(1, sensitive: true), post(2)]
        let snapshot = FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts))
        var grid = GridLayer(.timeline(.home), selecting: "p1", snapshot: snapshot)
        _ = grid.settle(e)
        let g = GridLayer.Geometry(e)
        let cells = grid.cells(posts, g, rows: 0..<1)
        let blurred = try XCTUnwrap(cells.first { $0.post.id == "p1" }?.box)
        let halves = CellGrid(width: blurred.columns, height: blurred.rows, colorSpace: .indexed,
                              cells: Array(repeating: .init(character: "▀", foreground: 3, background: 4), count: blurred.columns * blurred.rows))
        e.images[try XCTUnwrap(blurred.blurKey)] = .placeholder(halves)
        s.erase()
        grid.render(e, on: s)
        func char(_ row: Int, _ column: Int) -> Character {
            let text = Array(s.frame.text(row: row))
            return column < text.count ? text[column] : " "
        }
        for line in 0...blurred.rows {
            XCTAssertEqual(char(1 + line, blurred.column - 1), "▐", "line \(line): no bar left of the selected cell")
            XCTAssertEqual(char(1 + line, blurred.column + blurred.columns), "▌", "line \(line): no bar right of the selected cell")
        }
        let other = try XCTUnwrap(cells.first { $0.post.id == "p0" }?.box)
        XCTAssertEqual(char(1, other.column - 1), " ", "an unselected cell has no bar")
        let middle = Array(s.frame.text(row: 1 + blurred.rows / 2))
        let band = String(middle[blurred.column..<(blurred.column + blurred.columns)])
        XCTAssertTrue(band.contains("sensitive") && !band.contains("▀"), "the word runs into the picture's half blocks: \(band)")
    }
}
