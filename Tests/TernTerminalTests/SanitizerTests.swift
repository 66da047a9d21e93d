import TernTerminal
import TernModel
import XCTest

final class SanitizerTests: XCTestCase {
    /// Nothing that a terminal could act on survives: no ESC, no C0/C1 control, no bidi control.
    /// No C0 or C1 control and no bidi control: nothing in it can move the cursor or turn the text around.
    func isInert(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { u in
            !(u.value < 0x20 || (0x7F...0x9F).contains(u.value)) && !([0x200E, 0x200F, 0x061C].contains(u.value)
                || (0x202A...0x202E).contains(u.value) || (0x2066...0x2069).contains(u.value))
        }
    }

    func assertInert(_ s: String, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(isInert(s), "\(context)a control or bidi character is left in \(s.debugDescription)", file: file, line: line)
    }

    func testEscapeSequencesAreRemovedWhole() {
        XCTAssertEqual(Sanitizer.clean("a\u{1B}[31mred\u{1B}[0m b"), "ared b")
        XCTAssertEqual(Sanitizer.clean("x\u{1B}[2J\u{1B}[Hy"), "xy")
        XCTAssertEqual(Sanitizer.clean("t\u{1B}]0;pwned\u{07}itle"), "title")
        XCTAssertEqual(Sanitizer.clean("t\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\"), "tlink")
        XCTAssertEqual(Sanitizer.clean("d\u{1B}P1$r\u{1B}\\cs"), "dcs")
        XCTAssertEqual(Sanitizer.clean("8bit \u{9B}31mcsi"), "8bit csi")
        XCTAssertEqual(Sanitizer.clean("8bit \u{9D}0;x\u{9C}osc"), "8bit osc")
        XCTAssertEqual(Sanitizer.clean("esc\u{1B}c reset"), "esc reset")
        XCTAssertEqual(Sanitizer.clean("dangling\u{1B}"), "dangling")
    }

    func testControlsAndBidiOverridesAreRemoved() {
        let hostile = "a\u{07}b\u{08}c\u{00}d\u{7F}e\u{85}f\u{202E}gnp.exe\u{202C}\u{2066}h\u{2069}\u{200F}"
        let clean = Sanitizer.clean(hostile)
        assertInert(clean)
        XCTAssertEqual(clean, "abcdefgnp.exeh")
        XCTAssertEqual(Sanitizer.clean("tab\there\nnew\r\nline"), "tab here new  line")
    }

    func testOrdinaryTextIsUntouched() {
        for s in ["Hello, world", "今日はいい天気", "👩‍💻 café", "naïve — “quotes”", "مرحبا"] {
            XCTAssertEqual(Sanitizer.clean(s), s)
        }
    }

    func testRandomBytesAlwaysComeOutInert() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var rng = SeededRandom(seed: seed)
        let pool: [Unicode.Scalar] = ["\u{1B}", "[", "]", "\u{07}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{202E}", "a", "0", ";", "\\", "\u{85}", "m", "P"]
        for _ in 0..<2000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &rng) { s.append(pool.randomElement(using: &rng)!) }
            let cleaned = Sanitizer.clean(String(s))
            // The first failure is enough, with the seed that draws it again.
            if !isInert(cleaned) { return assertInert(cleaned, "seed \(seed): \(String(s).debugDescription): ") }
        }
    }

    func testSafeTextCarriesOnlySanitizedText() {
        XCTAssertEqual(SafeText("x\u{1B}[1my").string, "xy")
    }

    func testDisplayWidths() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("今日は"), 6)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("🐈"), 2)
        XCTAssertEqual(DisplayWidth.truncate("今日はいい天気", to: 7), "今日は…")
        XCTAssertEqual(DisplayWidth.prefix("ab今日", fitting: 3).0, "ab")
    }

    func testPrefixesAgreeWithWidthsCharacterByCharacter() {
        XCTAssertEqual(DisplayWidth.prefix("hello world", fitting: 5).0, "hello")
        XCTAssertEqual(DisplayWidth.prefix("hello", fitting: 0).0, "")
        XCTAssertEqual(DisplayWidth.prefix("tab\there", fitting: 4).0, "tab\th", "a control character takes no column")
        // Seeded: ASCII (the fast path) and everything else mixed, cut at every width.
        let seed = UInt64.random(in: 1...UInt64.max)
        var rng = SeededRandom(seed: seed)
        let pool: [String] = ["a", "Z", " ", "~", "7", "\u{7F}", "\t", "é", "e\u{301}", "今", "🐈", "👩‍👩‍👧", "\u{200B}"]
        for _ in 0..<300 {
            let s = (0..<Int(rng.next() % 12)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }.joined()
            let whole = s.reduce(0) { $0 + DisplayWidth.of($1) }
            XCTAssertEqual(DisplayWidth.of(s), whole, "seed \(seed): \(s.debugDescription)")
            for columns in 0...(whole + 1) {
                let (head, w) = DisplayWidth.prefix(s, fitting: columns)
                XCTAssertTrue(s.hasPrefix(head), "seed \(seed)")
                XCTAssertEqual(w, head.reduce(0) { $0 + DisplayWidth.of($1) }, "seed \(seed): \(s.debugDescription) at \(columns)")
                XCTAssertLessThanOrEqual(w, columns, "seed \(seed)")
                // Longest: the next character would not fit.
                if head.count < s.count {
                    let next = s[s.index(s.startIndex, offsetBy: head.count)]
                    XCTAssertGreaterThan(w + DisplayWidth.of(next), columns, "seed \(seed): \(s.debugDescription) at \(columns)")
                }
            }
        }
    }

    func testThemeColoursParse() {
        XCTAssertEqual(TerminalColor(parsing: "bright-red"), .index(9))
        XCTAssertEqual(TerminalColor(parsing: "#ff8000"), .rgb(0xFF8000))
        XCTAssertEqual(TerminalColor(parsing: "200"), .index(200))
        XCTAssertNil(TerminalColor(parsing: "nope"))
        XCTAssertNil(TerminalColor(parsing: "300"))
    }
}

