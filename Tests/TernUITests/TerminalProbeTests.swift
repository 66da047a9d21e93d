import Foundation
import TernModel
@testable import TernImages
@testable import TernTerminal
import XCTest

/// The start-up probe against a real pseudo-terminal whose other end answers as a given terminal would:
/// kitty, xterm with sixel, a terminal with neither, and one that never answers.
final class TerminalProbeTests: XCTestCase {
    static let env = ["TERM": "xterm-256color"]

    func probe(_ answer: String?, requested: GraphicsMode? = nil, env: [String: String] = env) throws -> (TerminalProbe.Result, PseudoTerminal) {
        let terminal = try PseudoTerminal(answer: answer)
        let result = TerminalProbe.run(requested: requested, input: terminal.slave, output: terminal.slave, environment: env)
        return (result, terminal)
    }

    /// Only escape sequences went to the screen: no letter of the queries shows.
    func assertNothingVisible(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        var i = 0, visible: [UInt8] = []
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count {
                switch bytes[i + 1] {
                case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):
                    // A string sequence, up to ESC \
                    var j = i + 2
                    while j + 1 < bytes.count, !(bytes[j] == 0x1B && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
                    i = j + 2
                case UInt8(ascii: "["):
                    var j = i + 2
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    i = j + 1
                default: i += 2
                }
            } else { visible.append(bytes[i]); i += 1 }
        }
        XCTAssertEqual(visible, [], "the probe printed \(String(decoding: visible, as: UTF8.self))", file: file, line: line)
    }

    func testKittyAnswersChooseKittyWithItsCellSize() throws {
        let (r, t) = try probe("\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        defer { t.close() }
        XCTAssertEqual(r.mode, .kitty, "answers: \(r.answers)")
        XCTAssertEqual(r.cellPixels, CellPixels(width: 10, height: 20))
        XCTAssertTrue(r.answers.complete)
        XCTAssertLessThan(r.elapsed, .milliseconds(200))
        assertNothingVisible(t.received)
    }

    func testXtermWithSixelChoosesSixelWithinItsLimit() throws {
        let (r, t) = try probe("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;17;8t\u{1B}[?2;0;1000;1000S\u{1B}[?63;1;2;4;6;9;15;22c")
        defer { t.close() }
        XCTAssertEqual(r.mode, .sixel)
        XCTAssertEqual(r.cellPixels, CellPixels(width: 8, height: 17))
        XCTAssertEqual(r.answers.sixelLimit, CellPixels(width: 1000, height: 1000))
        XCTAssertTrue(String(decoding: t.received, as: UTF8.self).contains("\u{1B}[?2;1S"), "the sixel area was not asked")
        XCTAssertFalse(String(decoding: t.received, as: UTF8.self).contains("\u{1B}_G"), "xterm was sent kitty's query")
        // A large picture is made to fit it: 1000 px of 8×17 cells are 125 columns and 58 rows.
        XCTAssertTrue(PixelOutput(mode: .sixel, cell: r.cellPixels, limit: r.answers.sixelLimit).box(columns: 200, rows: 70) == (125, 58))
        XCTAssertLessThan(r.elapsed, .milliseconds(200))
        assertNothingVisible(t.received)
    }

    /// urxvt does not swallow APC strings: kitty's query would be printed on its screen. A terminal that
    /// neither names itself kitty, Ghostty or WezTerm nor is named so in the environment is not sent it.
    func testATerminalThatIsNotKittyIsNotSentKittysQuery() throws {
        let (r, t) = try probe("\u{1B}[?1;2c", env: ["TERM": "rxvt-unicode-256color", "COLORTERM": "rxvt-xpm"])
        defer { t.close() }
        XCTAssertEqual(r.mode, .symbols)
        XCTAssertFalse(String(decoding: t.received, as: UTF8.self).contains("\u{1B}_G"), "kitty's query was sent")
        assertNothingVisible(t.received)
        // Over ssh from kitty, TERM says so: the query goes.
        let (k, kt) = try probe("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", env: ["TERM": "xterm-kitty"])
        defer { kt.close() }
        XCTAssertTrue(String(decoding: kt.received, as: UTF8.self).contains("\u{1B}_G"))
        XCTAssertEqual(k.mode, .kitty)
    }

    /// kitty before 0.28 (Debian 12's 0.26.5) answers the graphics query but draws its placeholder cells
    /// as missing glyphs: its pictures are placed at their cells instead. In tmux, where a picture placed at
    /// the cursor does not survive tmux's redraws, symbols, and the note says why.
    func testKittyWithoutPlaceholdersPlacesPicturesDirectly() throws {
        let (r, t) = try probe("\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        defer { t.close() }
        XCTAssertTrue(r.answers.kitty)
        XCTAssertEqual(r.answers.version, "kitty(0.26.5)")
        XCTAssertEqual(r.mode, .kitty)
        XCTAssertTrue(r.kittyDirect)
        XCTAssertNil(r.note)
        XCTAssertEqual(TerminalProbe.choose(requested: .kitty, answers: r.answers, tmux: .none, environment: [:]).0, .kitty)
        let (inTmux, note) = TerminalProbe.choose(requested: nil, answers: r.answers, tmux: .passthrough, environment: [:])
        XCTAssertEqual(inTmux, .symbols)
        XCTAssertTrue(note?.contains("0.28") == true, note ?? "no note")
        XCTAssertEqual(TerminalProbe.choose(requested: .kitty, answers: r.answers, tmux: .passthrough, environment: [:]).0, .symbols)
    }

    /// VTE (GNOME Terminal, xfce4-terminal) gives no cell size but the text area's: divided by the cells.
    func testACellSizeFromTheWindowsPixels() throws {
        let (r, t) = try probe("\u{1B}[4;680;1200t\u{1B}[?65;1;9c")
        defer { t.close() }
        XCTAssertEqual(r.cellPixels, CellPixels(width: 10, height: 17), "120×40 cells in 1200×680 px")
    }

    func testTerminalWithNeitherKeepsSymbols() throws {
        let (r, t) = try probe("\u{1B}[?1;2c")
        defer { t.close() }
        XCTAssertEqual(r.mode, .symbols)
        XCTAssertTrue(r.answers.complete)
        XCTAssertLessThan(r.elapsed, .milliseconds(200))
        assertNothingVisible(t.received)
    }

    func testSilentTerminalCostsTheTimeoutAndKeepsSymbols() throws {
        let (r, t) = try probe(nil)
        defer { t.close() }
        XCTAssertEqual(r.mode, .symbols)
        XCTAssertFalse(r.answers.complete)
        XCTAssertGreaterThanOrEqual(r.elapsed, .milliseconds(190))
        XCTAssertLessThan(r.elapsed, .seconds(1), "a terminal that never answers costs the timeout, not a hang")
    }

    func testTerminalSettingsComeBackAsTheyWere() throws {
        let t = try PseudoTerminal(answer: "\u{1B}[?1;2c")
        defer { t.close() }
        var before = termios()
        XCTAssertEqual(tcgetattr(t.slave, &before), 0)
        _ = TerminalProbe.run(requested: nil, input: t.slave, output: t.slave, environment: Self.env)
        var after = termios()
        XCTAssertEqual(tcgetattr(t.slave, &after), 0)
        XCTAssertEqual(after.c_lflag & tcflag_t(ECHO | ICANON), before.c_lflag & tcflag_t(ECHO | ICANON))
    }

    func testAskingForSymbolsSendsNoQuery() throws {
        let (r, t) = try probe("\u{1B}[?1;2c", requested: .symbols)
        defer { t.close() }
        XCTAssertEqual(r.mode, .symbols)
        XCTAssertEqual(t.received, [])
    }

    func testAnswersSplitAcrossReadsAndMixedWithNoise() {
        var a = TerminalAnswers()
        let all = Array("x\u{1B}[?1;2;4c".utf8)
        a.read(Array(all.prefix(5)))
        XCTAssertFalse(a.complete)
        a.read(all)
        XCTAssertTrue(a.complete)
        XCTAssertTrue(a.sixel)
        // Another program's graphics answer (another id) is not ours.
        var b = TerminalAnswers()
        b.read(Array("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?1c".utf8))
        XCTAssertFalse(b.kitty)
        // An error answer to our query is not support.
        var c = TerminalAnswers()
        c.read(Array("\u{1B}_Gi=31;EINVAL:bad\u{1B}\\\u{1B}[?1c".utf8))
        XCTAssertFalse(c.kitty)
    }

    /// In tmux without `allow-passthrough`, kitty's query never reaches the terminal outside: symbols, and
    /// the note says how to let pixels through when the terminal outside could show them.
    func testTmuxWithoutPassthroughUsesSymbolsAndSaysWhy() {
        var answers = TerminalAnswers()
        answers.complete = true
        let (auto, note) = TerminalProbe.choose(requested: nil, answers: answers, tmux: .blocked,
                                                environment: ["TMUX": "/tmp/x", "KITTY_WINDOW_ID": "1"])
        XCTAssertEqual(auto, .symbols)
        XCTAssertTrue(note?.contains("allow-passthrough on") == true, note ?? "no note")
        let (forced, why) = TerminalProbe.choose(requested: .kitty, answers: answers, tmux: .blocked, environment: ["TMUX": "/tmp/x"])
        XCTAssertEqual(forced, .symbols)
        XCTAssertTrue(why?.contains("allow-passthrough") == true, why ?? "no note")
        // With passthrough, kitty's answer came through: placeholders work in tmux.
        answers.kitty = true
        XCTAssertEqual(TerminalProbe.choose(requested: nil, answers: answers, tmux: .passthrough, environment: [:]).0, .kitty)
        // The outer terminal's sixel is no use inside tmux: pixels at the cursor don't survive its redraws.
        answers.kitty = false
        answers.sixel = true
        XCTAssertEqual(TerminalProbe.choose(requested: nil, answers: answers, tmux: .passthrough, environment: [:]).0, .symbols)
        // WezTerm answers kitty's query but has no placeholders: its iTerm2 images instead.
        answers.kitty = true
        XCTAssertEqual(TerminalProbe.choose(requested: nil, answers: answers, tmux: .none, environment: ["TERM_PROGRAM": "WezTerm"]).0, .iterm)
    }

    /// `tern doctor` says which fact decided the mode: what config.toml asked for, the terminal's answer or
    /// its silence, TERM, the environment, tmux without passthrough.
    func testTheReasonForTheModeNamesTheFactThatDecidedIt() {
        var answers = TerminalAnswers()
        let env = ["TERM": "xterm-256color"]
        func reason(_ requested: GraphicsMode? = nil, tmux: TerminalProbe.Tmux = .none, env: [String: String] = env) -> String {
            let (mode, note) = TerminalProbe.choose(requested: requested, answers: answers, tmux: tmux, environment: env)
            let result = TerminalProbe.Result(mode: mode, cellPixels: .typical, answers: answers, tmux: tmux, note: note, elapsed: .zero,
                                              kittyDirect: false)
            return TerminalProbe.reason(for: result, requested: requested, environment: env)
        }
        XCTAssertEqual(reason(), "no pixel reply: the terminal did not answer the queries in time (no device attributes)")
        XCTAssertEqual(reason(env: ["TERM": "linux"]), "TERM=linux: a terminal that draws no pictures, not asked")
        XCTAssertEqual(reason(.symbols), "images = \"symbols\" in config.toml")
        answers.complete = true
        XCTAssertTrue(reason().hasPrefix("no pixel reply: the terminal answered, but not kitty's query, and lists no sixel graphics"), reason())
        XCTAssertTrue(reason(tmux: .blocked).contains("inside tmux, which lets no pictures through (allow-passthrough is off"), reason(tmux: .blocked))
        XCTAssertTrue(reason(.kitty, tmux: .blocked).hasPrefix("images = \"kitty\" in config.toml, but kitty pictures need tmux"),
                      reason(.kitty, tmux: .blocked))
        XCTAssertEqual(reason(env: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]), "TERM_PROGRAM=iTerm.app: a terminal that draws iTerm2 pictures")
        answers.sixel = true
        XCTAssertEqual(reason(), "the terminal lists sixel graphics in its device attributes (DA1)")
        XCTAssertTrue(reason(tmux: .passthrough).contains("sixel pictures don't survive its redraws"), reason(tmux: .passthrough))
        answers.kitty = true
        XCTAssertEqual(reason(tmux: .passthrough), "the terminal answered kitty's graphics query (through tmux's passthrough)")
    }
}
