import Foundation
@testable import tern
import TernUI
import XCTest

/// A mistake in config.toml is told as a person reads the file: the line, the setting as written, and what
/// it takes; a setting Tern does not know is named, not silently ignored (issue 35, item 6).
final class ConfigErrorTests: XCTestCase {
    func load(_ text: String) throws -> Config {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-config-\(UUID().uuidString).toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try Config.load(from: file)
    }

    func message(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try load(text)
            XCTFail("no error for \(text)", file: file, line: line)
            return ""
        } catch { return "\(error)" }
    }

    func testAValueOfTheWrongKindNamesTheLineTheValueAndWhatItTakes() {
        let mouse = message("theme = \"default\"\nmouse = \"yes\"\n")
        XCTAssertTrue(mouse.hasSuffix("line 2: mouse = \"yes\": mouse takes true or false"), mouse)
        XCTAssertFalse(mouse.contains("DecodingError"), mouse)
        XCTAssertTrue(message("cache_days = \"x\"   # a comment\n").hasSuffix("line 1: cache_days = \"x\": cache_days takes a number of days, such as 30"))
        XCTAssertTrue(message("prefetch_rows = 1.5\n").contains("line 1: prefetch_rows = 1.5: prefetch_rows takes a whole number"))
        XCTAssertTrue(message("low_data_servers = \"a.b\"\n").contains("takes a list of server names, such as [\"slow.example\"]"))
        let key = message("mouse = true\n\n[keys]\nlike = 3\n")
        XCTAssertTrue(key.contains("line 4: [keys] like = 3: like takes a key name in quotes or a list of them"), key)
        let images = message("\n\nimages = \"pixels\"\n")
        XCTAssertTrue(images.contains("line 3: images = \"pixels\": use auto, kitty, sixel, iterm, symbols or off"), images)
    }

    /// `alerts` is one mode for every kind, or a table with a mode per kind; a kind Tern does not announce
    /// or a mode it does not know is named.
    func testAlertsAreOneModeOrOnePerKind() throws {
        XCTAssertEqual(try load("alerts = \"bell\"\n").alerts, AlertSettings(.bell))
        let table = try XCTUnwrap(try load("theme = \"default\"\n\n[alerts]\nmention = \"off\"\nfollow = \"bell\"\n").alerts)
        XCTAssertEqual(table[.mention], .off)
        XCTAssertEqual(table[.follow], .bell)
        XCTAssertEqual(table[.direct], .desktop, "a kind left out is announced on the desktop")
        XCTAssertTrue(message("[alerts]\nlikes = \"bell\"\n").contains("[alerts] likes is no kind Tern announces; kinds are mention, direct, follow"))
        XCTAssertTrue(message("[alerts]\ndirect = \"loud\"\n").contains("[alerts] direct = \"loud\": use desktop, bell or off"))
        XCTAssertTrue(message("alerts = \"loud\"\n").contains("alerts = \"loud\": use desktop, bell or off"))
    }

    func testTextThatIsNoTOMLNamesItsLineAndWhatTheSettingTakes() {
        let m = message("theme = \"default\"\nprefetch_rows = ten\n")
        XCTAssertTrue(m.contains("line 2: prefetch_rows = ten: not readable as TOML (prefetch_rows takes a whole number"), m)
        XCTAssertTrue(message("theme = default\n").contains("theme takes a theme's name in quotes"))
    }

    func testSettingsTernDoesNotKnowAreNamedWithTheirLines() throws {
        let config = try load("mouse = true\nmouse_on = true\nthemes = \"x\"\n[keys]\nlike = \"z\"\n")
        XCTAssertEqual(config.unknown.map(\.key), ["mouse_on", "themes"])
        XCTAssertEqual(config.notices, ["config.toml line 2: mouse_on is no setting; ignored",
                                        "config.toml line 3: themes is no setting; did you mean theme?"])
        XCTAssertEqual(config.keys.first?.line, 5, "a [keys] entry's line, for its own errors")
        XCTAssertEqual(try load("mouse = true\n").notices, [])
        XCTAssertEqual(try load("themee = \"dark\"\n").notices, ["config.toml line 1: themee is no setting; did you mean theme?"])
    }

    /// An unclosed string is said as such, with its line, not in the TOML parser's words.
    func testAStringLeftOpenIsSaidInPlainWords() {
        let m = message("mouse = true\ntheme = \"dark\n")
        XCTAssertTrue(m.hasSuffix("line 2: theme = \"dark: a string is not closed: end it with \" on the same line"), m)
        XCTAssertFalse(m.contains("control characters"), m)
        XCTAssertTrue(message("[keys]\nlike = 'l\n").contains("line 2: like = 'l: a string is not closed: end it with ' on the same line"))
    }

    /// A key given to one action that another had is said, with what the other keeps; moving both is not.
    func testAKeyTakenFromAnotherActionIsSaid() throws {
        XCTAssertEqual(try load("[keys]\nlike = \"j\"\n").notices, ["config.toml line 2: like = \"j\" takes j from next (next keeps down)"])
        XCTAssertEqual(try load("[keys]\nlike = \"j\"\nnext = \"i\"\n").notices, [], "next moved too: nothing is lost")
        XCTAssertEqual(try load("[keys]\nlike = [\"f\", \"z\"]\n").notices, [], "f and z were no other action's")
    }
}
