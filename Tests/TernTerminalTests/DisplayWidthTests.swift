import Foundation
@testable import TernTerminal
import XCTest

/// Widths of text that terminals disagree on: emoji newer than the system's tables, ZWJ sequences, flags,
/// modifiers, CJK and combining marks. Each is drawn in a form of one width everywhere, and tmux, handed
/// exactly what Tern sends, moves its cursor by the columns Tern counted.
final class DisplayWidthTests: XCTestCase {
    static let cases: [(text: String, columns: Int)] = [
        ("🩷", 2), ("🫎", 2), ("👩\u{200D}👩\u{200D}👧", 2), ("🇫🇷", 2), ("❤\u{FE0F}", 1), ("👍🏽", 4), ("😀", 2),
        ("漢字", 4), ("e\u{301}", 1), ("é", 1), ("1\u{FE0F}\u{20E3}", 1), ("Ünïcödé", 7), ("✓☆", 2),
    ]

    /// The scalars Tern writes for a text: each cell's base and marks.
    static func sent(_ text: String) -> String {
        var out = ""
        for c in text { for cell in DisplayWidth.cells(of: c) { out.unicodeScalars.append(cell.base); out.unicodeScalars.append(contentsOf: cell.marks) } }
        return out
    }

    func testEachCharacterHasTheWidthOfWhatIsDrawn() {
        for (text, columns) in Self.cases {
            XCTAssertEqual(DisplayWidth.of(text), columns, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            let drawn = text.reduce(0) { $0 + DisplayWidth.cells(of: $1).reduce(0) { $0 + $1.width } }
            XCTAssertEqual(drawn, columns, "\(text): measured and drawn differ")
        }
        // What the system does not know is drawn as U+FFFD, padded to its width.
        XCTAssertEqual(Self.sent("🩷"), "\u{FFFD} ")
        XCTAssertEqual(Self.sent("👩\u{200D}👩\u{200D}👧"), "👩")
        XCTAssertEqual(Self.sent("🇫🇷"), "🇫🇷")
    }

    /// A line with all of them keeps what follows (the time at a header's right edge) where Tern put it.
    func testALineOfThemEndsWhereItWasMeasured() {
        var buffer = ScreenBuffer(rows: 1, columns: 60)
        let text = Self.cases.map(\.text).joined()
        let used = buffer.put(text, row: 0, column: 0, limit: 60, look: .plain)
        XCTAssertEqual(used, Self.cases.reduce(0) { $0 + $1.columns })
        _ = buffer.putASCII("5m", row: 0, column: 58, limit: 2, look: .plain)
        XCTAssertTrue(buffer.text(row: 0).hasSuffix("5m"), buffer.text(row: 0))
    }

    func testTmuxMovesItsCursorByTheColumnsTernCounted() throws {
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return XCTFail("tmux is not installed (make test installs it)")
        }
        let socket = "tern-width-\(getpid())"
        defer { _ = Self.run([tmux, "-L", socket, "kill-server"], capture: false) }
        // One server, a session a case: a server killed between cases may still be going when the next starts.
        for (i, (text, columns)) in Self.cases.enumerated() {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(i).txt")
            try ("A" + Self.sent(text) + "B").write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            XCTAssertEqual(Self.run([tmux, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "w\(i)", "-x", "40", "-y", "3",
                                     "cat \(file.path); sleep 30"], capture: false).status, 0, "tmux did not start a session")
            var x = ""
            let deadline = Date().addingTimeInterval(5)
            repeat {
                usleep(50_000)
                x = Self.run([tmux, "-L", socket, "display", "-p", "-t", "w\(i)", "#{cursor_x}"]).output
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            } while Int(x) != columns + 2 && Date() < deadline
            XCTAssertEqual(Int(x), columns + 2, "\(text.debugDescription): tmux's cursor at \(x), Tern counted \(columns) between A and B")
        }
    }

    /// Runs a command to its end with posix_spawn; its output and status. Without `capture` its output goes
    /// nowhere: a tmux server it starts would hold a pipe open for ever.
    static func run(_ argv: [String], capture: Bool = true) -> (output: String, status: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return ("", -1) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture { posix_spawn_file_actions_adddup2(&actions, fds[1], 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { return ("", rc) }
        var out = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (String(decoding: out, as: UTF8.self), status)
    }
}
