import Foundation
import XCTest

/// The real `tern demo` in real terminal emulators on a private X server, judged by screenshots' pixels:
/// xterm with sixel, Debian's kitty (0.26, without placeholders), Konsole, mlterm and urxvt (which prints
/// APC strings).
final class RealEmulatorEndToEndTests: XCTestCase {
    /// A window's place on the screen, and its cell height (40 rows).
    struct Window {
        let id: String
        let x: Range<Int>, y: Range<Int>
        var cell: Int { y.count / 40 }
        /// The list: below the title bar, above the status line.
        var body: Range<Int> { (y.lowerBound + cell)..<(y.upperBound - cell) }
    }

    func open(_ display: X11Display, _ argv: [String], class name: String, home: URL, environment: [String: String] = [:]) throws -> Window {
        let tern = try TmuxSession.ternBinary()
        let h = home.path
        let command = ["env", "HOME=\(h)", "XDG_CONFIG_HOME=\(h)/config", "XDG_DATA_HOME=\(h)/data", "XDG_CACHE_HOME=\(h)/cache",
                       "XDG_STATE_HOME=\(h)/state", tern.path, "demo", "--new-post-every", "0"]
        try display.launch(argv + command, environment: environment)
        let id = try XCTUnwrap(display.window(class: name), "no \(name) window appeared on \(display.name): \(display.programsReport())")
        let geometry = try Spawn.run(["env", "DISPLAY=\(display.name)", "xdotool", "getwindowgeometry", "--shell", id], capture: true)
        func value(_ key: String) -> Int { geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0 }
        let x = value("X"), y = value("Y"), w = value("WIDTH"), hgt = value("HEIGHT")
        XCTAssertGreaterThan(w * hgt, 0, geometry)
        return Window(id: id, x: x..<(x + w), y: y..<(y + hgt))
    }

    /// `tern demo` in an emulator (`argv`, its window of X class `name`) on a display of its own, in a home of
    /// its own; all of it ends with the test. `prepare` readies the emulator's own settings in that home and
    /// returns the environment it starts with.
    func run(_ argv: [String], class name: String, prepare: (URL) throws -> [String: String] = { _ in [:] },
             _ body: (X11Display, Window, URL) throws -> Void) throws {
        guard X11Display.installed(argv[0]) else { return XCTFail("\(argv[0]) is not installed: make test installs it") }
        let display = try X11Display()
        defer { display.close() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-x11-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try prepare(home)
        try body(display, try open(display, argv, class: name, home: home, environment: environment), home)
    }

    /// Screenshots until two in a row agree (pictures done arriving).
    func settled(_ display: X11Display, _ w: Window) throws -> Screenshot {
        var last = try display.screenshot()
        for _ in 0..<40 {
            usleep(400_000)
            let now = try display.screenshot()
            if now.difference(from: last, x: w.x, y: w.y) == 0 { return now }
            last = now
        }
        return last
    }

    /// The large view's picture (the first demo post's, square) is whole, centred and in pixels.
    func assertWholeAndCentred(_ shot: Screenshot, _ w: Window, _ which: String, file: StaticString = #filePath, line: UInt = #line) {
        // The caption and the status line are left out: below the body's last two rows.
        let area = w.body.lowerBound..<(w.body.upperBound - 2 * w.cell)
        guard let box = shot.vividBox(x: w.x, y: area) else { return XCTFail("\(which): no picture in the view", file: file, line: line) }
        let aspect = Double(box.x.count) / Double(box.y.count)
        XCTAssertEqual(aspect, 1, accuracy: 0.12, "\(which): a square picture drawn \(box.x.count)×\(box.y.count) px", file: file, line: line)
        XCTAssertGreaterThan(box.y.count, area.count * 3 / 4, "\(which): the picture is not as large as the view allows", file: file, line: line)
        let left = box.x.lowerBound - w.x.lowerBound, right = w.x.upperBound - box.x.upperBound
        XCTAssertLessThanOrEqual(abs(left - right), 4 * w.cell, "\(which): not centred (\(left) px left, \(right) px right)", file: file, line: line)
        XCTAssertGreaterThan(shot.vividColours(x: box.x, y: box.y), 40, "\(which): symbols, not pixels", file: file, line: line)
    }

    func testXtermWithSixelShowsPicturesScrollsBackToTheSameScreenAndViewsWholePictures() throws {
        try run(["xterm", "-ti", "vt340", "-geometry", "120x40+0+0", "-fa", "Monospace", "-fs", "10", "-e"], class: "XTerm") { display, w, _ in
            // Thumbnails as sixel pixels: far more colours than xterm's 8 for text.
            let pictures = try display.wait { $0.vividColours(x: w.x, y: w.body) > 60 }
            XCTAssertTrue(pictures.ok, "no pixels: \(pictures.shot.vividColours(x: w.x, y: w.body)) colours")
            try assertScrollsBackToTheSameScreen(display, w, region: w.body, "xterm")
            let first = try settled(display, w)

            try display.press("v", window: w.id)
            let opened = try display.wait { s in s.vividBox(x: w.x, y: w.body).map { $0.y.count > w.body.count / 2 } ?? false }
            XCTAssertTrue(opened.ok, "v opened no large picture")
            assertWholeAndCentred(try settled(display, w), w, "first open")
            try display.press("x", window: w.id)
            let closed = try display.wait { $0.difference(from: first, x: w.x, y: w.body) < 0.002 }
            XCTAssertTrue(closed.ok, "the list did not come back as it was")
            try display.press("v", window: w.id)
            _ = try display.wait { s in s.vividBox(x: w.x, y: w.body).map { $0.y.count > w.body.count / 2 } ?? false }
            assertWholeAndCentred(try settled(display, w), w, "second open")
        }
    }

    /// Scrolls down 30 posts and back: the list must come back as it was, with no picture left where it
    /// no longer is (Konsole once kept every picture it had been sent).
    func assertScrollsBackToTheSameScreen(_ display: X11Display, _ w: Window, region y: Range<Int>, _ which: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try settled(display, w)
        try display.press(Array(repeating: "j", count: 30), window: w.id)
        let moved = try display.wait { $0.difference(from: first, x: w.x, y: y) > 0.05 }
        XCTAssertTrue(moved.ok, "\(which): j did not move the list", file: file, line: line)
        try display.press(Array(repeating: "k", count: 30), window: w.id)
        let back = try display.wait { $0.difference(from: first, x: w.x, y: y) < 0.002 }
        XCTAssertTrue(back.ok, "\(which): scrolled back, \(back.shot.difference(from: first, x: w.x, y: y) * 100)% of the screen differs",
                      file: file, line: line)
    }

    /// Pictures as pixels, not symbols: on the demo's first screen symbols give at most 256 colours in a
    /// 256-colour terminal and about 360 in kitty's 24-bit colour; sixels (a palette a picture) about 700,
    /// kitty's pixels about 1,800.
    func assertPixels(_ display: X11Display, _ w: Window, region y: Range<Int>, _ which: String, colours: Int = 800,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let pictures = try display.wait { $0.vividColours(x: w.x, y: y) > colours }
        XCTAssertTrue(pictures.ok, "\(which): thumbnails are not pixels: \(pictures.shot.vividColours(x: w.x, y: y)) colours",
                      file: file, line: line)
    }

    /// kitty 0.26 answers the graphics query but draws no placeholder cells (boxes of missing glyphs): its
    /// pictures are placed at their cells, and every placement that leaves them is deleted. A resize to
    /// 80×24 and back brings every picture back (its whole repaint once erased the screen with ED 2, on
    /// which kitty 0.26 frees every picture it holds: empty boxes where the thumbnails were), and so does
    /// coming back from `$EDITOR` (kitty 0.26 frees them with its alternate screen: they are sent again).
    func testKittyWithoutPlaceholdersPlacesPicturesAndTakesThemAwayAndKeepsThemThroughAResize() throws {
        try run(["kitty", "-o", "initial_window_width=1000", "-o", "initial_window_height=720", "-o", "remember_window_size=no",
                 "--config", "NONE"], class: "kitty", prepare: { _ in ["EDITOR": "true", "VISUAL": "true"] }) { display, w, home in
            try assertPixels(display, w, region: w.body, "kitty")
            let log = (try? String(contentsOf: home.appendingPathComponent("state/tern/tern.log"), encoding: .utf8)) ?? ""
            XCTAssertTrue(log.contains("terminal=kitty("), "the probe did not learn kitty's version:\n\(log)")
            XCTAssertTrue(log.contains("direct mode=kitty"), "kitty's pictures are not placed directly:\n\(log)")
            try assertScrollsBackToTheSameScreen(display, w, region: w.body, "kitty")

            let before = try settled(display, w)
            // About 80×24 cells (kitty's cell here: w.cell px tall, about half as wide), then the first size again.
            let small = (width: 80 * w.cell / 2 + 20, height: 24 * w.cell + 20)
            try display.resize(window: w.id, width: small.width, height: small.height)
            let shrunk = try display.wait { $0.difference(from: before, x: w.x, y: w.y) > 0.05 }
            XCTAssertTrue(shrunk.ok, "the window did not shrink")
            try display.resize(window: w.id, width: w.x.count, height: w.y.count)
            try assertPixels(display, w, region: w.body, "kitty after a resize to 80×24 and back")

            // The compose screen (no pictures), Ctrl-E to an editor that exits at once, Esc back to the list.
            try display.press("w", window: w.id)
            let composing = try display.wait { $0.vividColours(x: w.x, y: w.body) < 100 }
            XCTAssertTrue(composing.ok, "w did not open the compose screen")
            try display.press("ctrl+e", "Escape", window: w.id)
            try assertPixels(display, w, region: w.body, "kitty back from $EDITOR")
        }
    }

    /// Konsole 22.12 keeps iTerm2 and sixel pictures whatever is written over them, so a fifth of the screen
    /// once held pictures that had scrolled away. Its pictures are kitty's, placed and deleted by id. Its
    /// window has a tool bar above the terminal: the whole window is judged.
    ///
    /// Konsole starts with settings of its own, the same on every run: with none saved (a new machine's
    /// first run) it opens at its default size and is then resized, and shows the new size over the screen
    /// for a moment ("Size: 110 x 28"), and it marks lines it scrolled with a bar at the left for a moment.
    /// Either, caught in one screenshot and not the other, was a difference that had nothing to do with
    /// Tern (0.84 % of the screen on a new machine's first run): its profile turns both off.
    func testKonsolePicturesLeaveNothingBehindAndTheViewerShowsTheWholePicture() throws {
        try run(["konsole", "--profile", "Tern", "--nofork", "--hide-menubar", "--hide-tabbar", "-e"], class: "konsole",
                prepare: Self.konsoleSettings) { display, w, home in
            try assertPixels(display, w, region: w.y, "Konsole")
            let log = (try? String(contentsOf: home.appendingPathComponent("state/tern/tern.log"), encoding: .utf8)) ?? ""
            XCTAssertTrue(log.contains("direct mode=kitty"), "Konsole's pictures are not kitty's, placed directly:\n\(log)")
            try assertScrollsBackToTheSameScreen(display, w, region: w.y, "Konsole")
            let list = try settled(display, w)
            for open in ["first", "second"] {
                try display.press("v", window: w.id)
                let opened = try display.wait { s in s.vividBox(x: w.x, y: w.y).map { $0.y.count > w.y.count / 2 } ?? false }
                XCTAssertTrue(opened.ok, "\(open) v opened no large picture")
                let box = try XCTUnwrap(try settled(display, w).vividBox(x: w.x, y: w.y), "\(open) open: no picture")
                XCTAssertEqual(Double(box.x.count) / Double(box.y.count), 1, accuracy: 0.12,
                               "\(open) open: a square picture drawn \(box.x.count)×\(box.y.count) px")
                try display.press("x", window: w.id)
                let closed = try display.wait { $0.difference(from: list, x: w.x, y: w.y) < 0.002 }
                XCTAssertTrue(closed.ok, "the list did not come back as it was after the \(open) open")
            }
        }
    }

    /// A Konsole profile of the test's own, in `home`, and the environment that makes Konsole read its
    /// settings there (and save them there, not in the user's).
    static func konsoleSettings(_ home: URL) throws -> [String: String] {
        let data = home.appendingPathComponent("konsole-data"), config = home.appendingPathComponent("konsole-config")
        let profiles = data.appendingPathComponent("konsole")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            [General]
            Name=Tern
            Parent=FALLBACK/
            ShowTerminalSizeHint=false

            [Scrolling]
            HighlightScrolledLines=false

            """.write(to: profiles.appendingPathComponent("Tern.profile"), atomically: true, encoding: .utf8)
        return ["XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path]
    }

    /// mlterm draws sixels: pictures in pixels, and none left behind by scrolling.
    func testMltermShowsSixelPicturesAndScrollsBackToTheSameScreen() throws {
        try run(["mlterm", "-g", "120x40+0+0", "-e"], class: "mlterm") { display, w, home in
            // Symbols give at most 256 colours here; mlterm's sixels about 350 (402 when pictures a cell tall
            // were squeezed into whole bands and so drawn wider than their shape).
            try assertPixels(display, w, region: w.body, "mlterm", colours: 300)
            let log = (try? String(contentsOf: home.appendingPathComponent("state/tern/tern.log"), encoding: .utf8)) ?? ""
            XCTAssertTrue(log.contains("mode=sixel"), "mlterm's pictures are not sixels:\n\(log)")
            try assertScrollsBackToTheSameScreen(display, w, region: w.body, "mlterm")
        }
    }

    /// urxvt prints an APC string as text: the screen once slid up a row with kitty's query on it. The
    /// title bar stays the top row and the status line the bottom one, both drawn whole.
    func testUrxvtKeepsTitleAndStatusLinesInPlace() throws {
        try run(["urxvt", "-geometry", "120x40+0+0", "-e"], class: "URxvt") { display, w, _ in
            let pictures = try display.wait { $0.vividColours(x: w.x, y: w.body) > 20 }
            XCTAssertTrue(pictures.ok, "no thumbnails")
            try display.press("j", "j", "j", window: w.id)
            let shot = try settled(display, w)
            let title = (w.y.lowerBound + 2)..<(w.y.lowerBound + w.cell - 2)
            let status = (w.y.upperBound - w.cell + 2)..<(w.y.upperBound - 2)
            XCTAssertGreaterThan(shot.darkShare(y: title, x: w.x), 0.6, "the title bar is not the top row")
            XCTAssertGreaterThan(shot.darkShare(y: status, x: w.x), 0.6, "the status line is not the bottom row")
        }
    }
}
