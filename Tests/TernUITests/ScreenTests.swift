import Foundation
@testable import TernImages
import TernModel
import TernUI
@testable import TernTerminal
import XCTest

/// The curses screen on terminals people have: direct colour (TERM=xterm-direct, where chafa's transparent
/// cells, -1, once trapped converting to a curses colour) and ones that cannot place the cursor at all.
final class ScreenTests: XCTestCase {
    func screen(_ term: String, environment: [String: String] = [:], colors: ColorChoice = .auto) throws -> (Screen, URL) {
        let entry = "\(term.prefix(1))/\(term)"
        guard FileManager.default.fileExists(atPath: "/usr/share/terminfo/\(entry)")
            || FileManager.default.fileExists(atPath: "/lib/terminfo/\(entry)") else {
            throw XCTSkip("terminfo for \(term) is not installed (make test installs ncurses-term)")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-truecolor-\(UUID().uuidString)")
        let screen = try Screen(terminalType: term, output: out.path, size: (rows: 12, columns: 40), environment: environment, colors: colors)
        return (screen, out)
    }

    /// What the colours of a frame come out as, on a terminal type with an environment.
    func sgr(_ term: String, _ environment: [String: String], colors: ColorChoice = .auto) throws -> (ColorMode, String) {
        let (screen, out) = try screen(term, environment: environment, colors: colors)
        defer { try? FileManager.default.removeItem(at: out) }
        let mode = screen.colorMode
        screen.erase()
        screen.draw(SafeText("rgb"), row: 0, column: 0, style: TextStyle(foreground: .rgb(0x3366CC)))
        screen.draw(SafeText("idx"), row: 1, column: 0, style: TextStyle(foreground: .index(208), background: .index(17)))
        screen.update()
        screen.close()
        return (mode, String(decoding: try Data(contentsOf: out), as: UTF8.self))
    }

    /// Every text colour of the default theme reads on the terminal's background (WCAG's 4.5:1) in 8, 16,
    /// 256 and 24-bit palettes, light and dark: Debian's xterm drew handles yellow on white, st links dark
    /// blue on black.
    func testEveryThemeColourIsReadableOnTheBackground() throws {
        let terminals: [(term: String, env: [String: String])] = [("xterm", [:]), ("xterm-16color", [:]), ("xterm-256color", [:]),
                                                                  ("xterm-256color", ["COLORTERM": "truecolor"])]
        for (term, env) in terminals {
            for background: UInt32 in [0xFFFFFF, 0x000000, 0x1E1E1E, 0xFDF6E3] {
                let (screen, out) = try screen(term, environment: env)
                defer { screen.close(); try? FileManager.default.removeItem(at: out) }
                screen.background = background
                for (role, style) in Theme.builtIn.styles where !style.reverse && style.background == .default {
                    let look = screen.look(style)
                    // The terminal's own foreground is made for its background.
                    guard let shown = ReadableColor.rgb(ofCode: look.foreground) else { continue }
                    let ratio = ReadableColor.contrast(shown, background)
                    XCTAssertGreaterThanOrEqual(ratio, ReadableColor.target, "\(term) \(env) on #\(String(background, radix: 16)): \(role) " +
                                                "#\(String(shown, radix: 16)) has \(ratio):1")
                }
            }
        }
        // A colour that reads already is kept as the theme gave it.
        let (screen, out) = try screen("xterm-256color", environment: ["COLORTERM": "truecolor"])
        defer { screen.close(); try? FileManager.default.removeItem(at: out) }
        screen.background = 0x000000
        XCTAssertEqual(screen.look(TextStyle(foreground: .rgb(0xFFCC00))).foreground, CellLook.rgb(0xFFCC00))
    }

    func testTheBackgroundComesFromTheTerminalOrTheEnvironment() {
        var a = TerminalAnswers()
        a.read(Array("\u{1B}]11;rgb:ffff/ffff/dddd\u{1B}\\\u{1B}[?1c".utf8))
        XCTAssertEqual(a.background, 0xFFFFDD)
        var b = TerminalAnswers()
        b.read(Array("\u{1B}]11;rgb:1e/1e/1e\u{07}\u{1B}[?1c".utf8))
        XCTAssertEqual(b.background, 0x1E1E1E)
        XCTAssertEqual(TerminalAnswers.background(colorFGBG: "0;default;15"), 0xFFFFFF)
        XCTAssertEqual(TerminalAnswers.background(colorFGBG: "15;0"), 0x000000)
        XCTAssertNil(TerminalAnswers.background(colorFGBG: "nonsense"))
    }

    /// `COLORTERM=truecolor` (alacritty, foot, GNOME Terminal, xfce4-terminal) gives 24-bit colour on a
    /// 256-colour terminfo; Debian's `TERM=xterm` never gets more than its 8 colours; `NO_COLOR` none.
    func testColoursFollowTheTerminal() throws {
        let (truecolor, direct) = try sgr("xterm-256color", ["COLORTERM": "truecolor"])
        XCTAssertEqual(truecolor, .direct)
        XCTAssertTrue(direct.contains("38;2;51;102;204"), direct.debugDescription)
        let (indexed, palette) = try sgr("xterm-256color", [:])
        XCTAssertEqual(indexed, .indexed256)
        XCTAssertFalse(palette.contains("38;2;"), palette.debugDescription)
        let (eight, basic) = try sgr("xterm", ["COLORTERM": "truecolor"], colors: .c8)
        XCTAssertEqual(eight, .indexed8)
        let (plain, old) = try sgr("xterm", [:])
        XCTAssertEqual(plain, .indexed8)
        for text in [basic, old] {
            XCTAssertNil(text.range(of: #"\[[0-9;]*(38|48);[25];"#, options: .regularExpression), "more than 8 colours: \(text.debugDescription)")
            XCTAssertNil(text.range(of: #"\[[0-9;]*(9[0-7]|10[0-7])m"#, options: .regularExpression), "bright colours: \(text.debugDescription)")
        }
        XCTAssertEqual(try sgr("xterm-256color", ["NO_COLOR": "1", "COLORTERM": "truecolor"]).0, .monochrome)
        XCTAssertEqual(ColorMode.choose(.auto, terminfoColors: 256, truecolorFlag: true, environment: [:]), .direct)
        XCTAssertEqual(ColorMode.choose(.auto, terminfoColors: 2, truecolorFlag: false, environment: ["COLORTERM": "24bit"]), .monochrome)
        XCTAssertEqual(ColorMode.choose(.c256, terminfoColors: 8, truecolorFlag: false, environment: [:]), .indexed256)
    }

    /// mlterm sets TERM=mlterm, whose entry counts 8 colours, yet it draws 256: in 8 every blurred
    /// preview of sensitive media and every sixel picture cut by the list's edge (drawn as symbols) came out
    /// in 8 colours, before a resize and after it.
    func testMltermGets256Colours() throws {
        let (mode, text) = try sgr("mlterm", [:])
        XCTAssertEqual(mode, .indexed256)
        XCTAssertTrue(text.contains("38;5;208"), text.debugDescription)
        XCTAssertEqual(try sgr("mlterm", ["NO_COLOR": "1"]).0, .monochrome)
        XCTAssertEqual(try sgr("mlterm", [:], colors: .c8).0, .indexed8)
    }

    func testTransparentPictureDrawsOnDirectColourTerminal() throws {
        let (screen, out) = try screen("xterm-direct")
        defer { screen.close(); try? FileManager.default.removeItem(at: out) }
        XCTAssertEqual(screen.colorMode, .direct)
        // Left half opaque red, right half fully transparent.
        var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
        for y in 0..<32 { for x in 0..<16 { let o = (y * 32 + x) * 4; pixels[o] = 220; pixels[o + 3] = 255 } }
        let grid = ChafaRenderer().render(RGBAImage(width: 32, height: 32, pixels: pixels), columns: 8, rows: 4, mode: .truecolor)
        XCTAssertTrue(grid.cells.contains { $0.foreground < 0 || $0.background < 0 },
                      "chafa no longer reports transparent cells as -1; this test no longer covers the trap")
        screen.draw(grid, row: 0, column: 0, visibleRows: 0..<12)
        screen.update()
        screen.close()
        let written = try Data(contentsOf: out)
        XCTAssertFalse(written.isEmpty)
    }

    /// Layers compute positions from sizes that can change under them (a resize between frames): any
    /// position, on the screen or off it, is drawn where it lands or not at all, never a trap.
    func testDrawingAnywhereEvenOffTheScreenIsSafe() throws {
        let (screen, out) = try screen("xterm-256color")
        defer { screen.close(); try? FileManager.default.removeItem(at: out) }
        let grid = CellGrid(width: 6, height: 3, colorSpace: .indexed,
                            cells: Array(repeating: CellGrid.Cell(character: "▀", foreground: 300, background: -7), count: 18))
        screen.erase()
        for (row, column) in [(-3, -3), (0, -40), (11, 39), (12, 0), (5, 40), (5, 1000), (-1, 5), (3, .min / 2), (.max / 2, 0)] {
            screen.fill(row: row, column: column, width: 50, style: .plain)
            screen.fill(row: row, column: column, width: .max / 4, style: .plain)
            screen.draw(SafeText("日本語 text e\u{301}"), row: row, column: column)
            screen.draw(grid, row: row, column: column, visibleRows: -5..<20)
            screen.canvas.drawKitty(id: 0x0300_0012, columns: 4, rows: 2, row: row, column: column, visibleRows: 0..<12)
        }
        screen.update()
        XCTAssertEqual(screen.frame.cells.count, 12 * 40)
        XCTAssertEqual(screen.frame[0, 5].base, KittyGraphics.placeholder.value, "what lands on the screen is drawn")
        screen.erase()
        screen.draw(SafeText("ab日"), row: 2, column: 37)
        XCTAssertEqual(screen.frame[2, 39].base, 0x20, "a wide character that does not fit the last column is left out")
    }

    func testEveryCellValueMapsToAColourTheTerminalTakes() throws {
        let (screen, out) = try screen("xterm-direct")
        defer { screen.close(); try? FileManager.default.removeItem(at: out) }
        let extremes: [Int32] = [-1, -2, .min, .max, 0, 7, 8, 255, 256, 258, 0xFFFFFF, 0x1000000]
        for space in [CellGrid.ColorSpace.rgb, .indexed, .none] {
            for v in extremes {
                let c = TerminalColor(cell: v, in: space)
                let r = screen.code(c)
                XCTAssertTrue(r == 0 || (0x0100_0000...0x0100_00FF).contains(r) || (0x0200_0000...0x02FF_FFFF).contains(r),
                              "\(v) in \(space) resolved to \(r)")
            }
        }
        for c in [TerminalColor.index(-5), .index(300), .index(.max), .rgb(.max), .rgb(0xFF000000)] {
            let r = screen.code(c)
            XCTAssertTrue(r == 0 || (0x0100_0000...0x0100_00FF).contains(r) || (0x0200_0000...0x02FF_FFFF).contains(r),
                          "\(c) resolved to \(r)")
        }
        XCTAssertEqual(TerminalColor(cell: -1, in: .rgb), .default)
        XCTAssertEqual(TerminalColor(cell: 0x123456, in: .rgb), .rgb(0x123456))
        XCTAssertEqual(TerminalColor(cell: 256, in: .indexed), .default)
        XCTAssertEqual(TerminalColor(cell: 42, in: .indexed), .index(42))
    }

    func testATerminalThatCannotMoveTheCursorIsRefusedWithAReason() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tern-dumb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        XCTAssertThrowsError(try Screen(terminalType: "dumb", output: out.path, size: (rows: 24, columns: 80), environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("cannot move the cursor"), "\(error)")
        }
        // A capable terminal still opens.
        let screen = try Screen(terminalType: "xterm-256color", output: out.path, size: (rows: 24, columns: 80), environment: [:])
        screen.close()
    }
}
