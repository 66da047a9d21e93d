import Foundation
import XCTest

/// The real binary against `tern demo --hostile`, which puts escape sequences, raw C1 controls and bidi
/// overrides in every name and post: none of them may reach the terminal, on any output path.
final class HostileEndToEndTests: XCTestCase {
    /// What a terminal could act on that did not come from curses itself: OSC, DCS, the cursor-report and
    /// device-attribute queries, and raw C1 controls (as characters, not as bytes inside UTF-8).
    static func foreignControls(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        // (A payload's printable remainder, "[6n" or "]0;pwned", may show as text: inert without its ESC.)
        for (needle, name) in [("\u{1B}]", "OSC"), ("\u{1B}P", "DCS"), ("\u{1B}[6n", "CSI 6n"), ("\u{1B}[c", "DA"),
                               ("\u{07}", "BEL")] where text.contains(needle) {
            found.append(name)
        }
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) { found.append("C1 control") }
        if text.unicodeScalars.contains(where: { $0.value == 0x202E }) { found.append("bidi override") }
        return found
    }

    func testPlainOutputOfLoginAndAccountsIsSanitized() throws {
        let tern = try TmuxSession.ternBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let (server, address) = try TmuxSession.demoServer(tern.path, flags: "--hostile")
        defer { server.close() }
        let tokenFile = home.appendingPathComponent("token")
        try "demo-token\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let env = ["env", "XDG_CONFIG_HOME=\(home.path)/config", "XDG_DATA_HOME=\(home.path)/data",
                   "XDG_STATE_HOME=\(home.path)/state", "XDG_CACHE_HOME=\(home.path)/cache"]
        let login = try Spawn.run(env + [tern.path, "login", address, "--token-file", tokenFile.path], capture: true)
        XCTAssertTrue(login.contains("Logged in as you"), login)
        XCTAssertEqual(Self.foreignControls(in: Array(login.utf8)), [], login.debugDescription)
        let accounts = try Spawn.run(env + [tern.path, "accounts"], capture: true)
        XCTAssertTrue(accounts.contains("you"), accounts)
        XCTAssertEqual(Self.foreignControls(in: Array(accounts.utf8)), [], accounts.debugDescription)
        // The token file is owner-only however loose the umask was.
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(home.path)/config/tern/accounts")
        for f in files {
            let mode = try FileManager.default.attributesOfItem(atPath: "\(home.path)/config/tern/accounts/\(f)")[.posixPermissions] as? Int
            XCTAssertEqual(mode, 0o600, f)
        }
    }

    /// Scrolling through hostile posts in tmux: the raw bytes Tern wrote to its terminal hold nothing but
    /// curses' own sequences, the keys still work, and memory stays bounded.
    func testBrowsingAHostileServerSendsNoForeignControlsToTheTerminal() throws {
        let tern = try TmuxSession.ternBinary()
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("tern-hostile-pty-\(UUID().uuidString)")
        let exitFile = FileManager.default.temporaryDirectory.appendingPathComponent("tern-hostile-exit-\(UUID().uuidString)")
        defer {
            for f in [raw.path, raw.path + ".err", exitFile.path] { try? FileManager.default.removeItem(atPath: f) }
        }
        let tmux = try TmuxSession(command: "sleep 0.5; \(tern.path) demo --hostile --new-post-every 0 2>\(raw.path).err; echo $? > \(exitFile.path); sleep 30")
        defer { tmux.close() }
        // Everything the program writes to the pty, from its first byte.
        try tmux.run(["pipe-pane", "-o", "cat >> \(raw.path)"])
        let first = tmux.wait { $0.contains("hostile") && $0.contains("☆") }
        XCTAssertTrue(first.ok, first.screen)
        let shell = try XCTUnwrap(Int32(tmux.run(["list-panes", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
        let pid = try XCTUnwrap(Self.child(of: shell), "no tern process under the pane's shell")
        for key in ["c", "j", "j", "c", "Space", "Space", "j", "k", "G", "g", "Space"] { try tmux.send(key); usleep(120_000) }
        let moved = tmux.wait { $0.contains("hostile") }
        XCTAssertTrue(moved.ok, moved.screen)
        let peak = Self.peakResidentMB(pid)
        try tmux.send("?")
        let help = tmux.wait { $0.lowercased().contains("quit") }
        XCTAssertTrue(help.ok, "the UI stopped answering keys:\n\(help.screen)")
        // The first q closes the help, the second quits (the session ends with the program).
        try tmux.send("q")
        let closed = tmux.wait { !$0.contains("Keys (") }
        XCTAssertTrue(closed.ok, "q did not close the help:\n\(closed.screen)")
        try tmux.send("q")
        let deadline = Date().addingTimeInterval(10)
        // The shell writes the status after creating the file: wait for the line itself.
        while (try? String(contentsOf: exitFile, encoding: .utf8))?.contains(where: \.isNumber) != true, Date() < deadline { usleep(50_000) }
        let status = (try? String(contentsOf: exitFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(status, "0", "tern's exit status; stderr: \((try? String(contentsOf: URL(fileURLWithPath: raw.path + ".err"), encoding: .utf8)) ?? "")")
        var bytes = try [UInt8](Data(contentsOf: raw))
        XCTAssertGreaterThan(bytes.count, 1000, "the pty capture is empty")
        // Once the first posts are drawn, Tern asks the terminal what it can show (its own queries, not a
        // server's): in tmux without passthrough, the cell and text area sizes, the background, synchronized
        // output and the device attributes, once.
        let probe = Array("\u{1B}[16t\u{1B}[14t\u{1B}]11;?\u{1B}\\\u{1B}[?2026$p\u{1B}[c".utf8)
        let at = (0...(bytes.count - probe.count)).filter { bytes[$0..<($0 + probe.count)].elementsEqual(probe) }
        XCTAssertEqual(at.count, 1, "the probe asks once")
        if let first = at.first { bytes.removeSubrange(first..<(first + probe.count)) }
        XCTAssertEqual(Self.foreignControls(in: bytes), [])
        let measured = try XCTUnwrap(peak, "tern's peak RSS was not measured (its /proc entry was gone)")
        XCTAssertLessThan(measured, 100, "peak RSS \(measured) MB")
    }

    /// The first child of a process (the program the pane's shell runs).
    static func child(of pid: Int32) -> Int32? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Int32($0) }
    }

    static func peakResidentMB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb / 1024
    }
}
