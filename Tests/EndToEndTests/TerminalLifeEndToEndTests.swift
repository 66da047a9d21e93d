import Foundation
import XCTest

/// The real `tern demo` as an ordinary user would live with it in a terminal: run by someone who is not
/// root, suspended with Ctrl-Z, and left behind when its terminal closes.
final class TerminalLifeEndToEndTests: XCTestCase {
    /// Scrolling through pictures as an ordinary user: GLib's thread pool (chafa's) once wrote "GLib-CRITICAL
    /// … Failed to set scheduler settings" over the screen here for every user but root, scrolling the title
    /// bar away, whenever a pool thread was started from a thread of another priority than the first. No
    /// pool thread is started now; the title and status lines stay whole, and nothing reaches standard
    /// error while Tern has the screen (here a file, to see it whatever happens to the screen).
    func testAnOrdinaryUserScrollingThroughPicturesKeepsTheScreenWhole() throws {
        let user = try OrdinaryUser()
        defer { user.remove() }
        let stderr = user.home.appendingPathComponent("stderr"), exited = user.home.appendingPathComponent("exited")
        let tmux = try TmuxSession(command: user.command("demo --new-post-every 0") + " 2>\(stderr.path); touch \(exited.path); sleep 30")
        defer { tmux.close() }
        let pictures = tmux.wait { s in s.contains("@user") && s.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }
        XCTAssertTrue(pictures.ok, "no thumbnails as \(user.name):\n\(pictures.screen)")
        for _ in 0..<24 { try tmux.send("j"); usleep(60_000) }
        // A j inside a post taller than the screen scrolls it rather than moving on: 20 posts down is enough.
        let scrolled = tmux.waitSettled(quiet: 1.0) { s in
            s.range(of: #"\b\d+/\d+\+? *$"#, options: .regularExpression).flatMap { Int(s[$0].prefix { $0 != "/" }) }.map { $0 >= 20 } ?? false
        }
        XCTAssertTrue(scrolled.ok, "the selection did not reach post 20:\n\(scrolled.screen)")
        let lines = scrolled.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix(" tern · Home · demo at 127.0.0.1:") ?? false, "the title bar is gone:\n\(scrolled.screen)")
        let status = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        XCTAssertNotNil(status.range(of: #"live · ✉ \d+ · \d+/\d+\+? $"#, options: .regularExpression), "the status line is broken: '\(status)'")
        let pid = try XCTUnwrap(user.loggedPID(), "no 'started pid=' line in \(user.log.path)")
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let names = threads.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
        XCTAssertFalse(names.isEmpty, "no threads read for pid \(pid)")
        XCTAssertFalse(names.contains { $0.hasPrefix("pool") }, "GLib thread-pool threads: \(names.sorted())")
        for stray in ["GLib", "CRITICAL", "(process:", "scheduler"] {
            XCTAssertFalse(scrolled.screen.contains(stray), "'\(stray)' on the screen:\n\(scrolled.screen)")
        }
        try tmux.send("q")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: exited.path), Date() < deadline { usleep(50_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: exited.path), "tern did not quit")
        XCTAssertEqual(try String(contentsOf: stderr, encoding: .utf8), "", "written to standard error while Tern had the screen")
        let log = try String(contentsOf: user.log, encoding: .utf8)
        XCTAssertFalse(log.contains("scheduler settings"), log)
    }

    /// Started through runuser (root) or setsid, the terminal is not Tern's controlling one and closing it
    /// sends no SIGHUP: Tern reads the end of its input and leaves, rather than polling a dead terminal for
    /// ever with the cache locked.
    func testTernLeavesWhenItsTerminalClosesWithoutAHangUpSignal() throws {
        let user = try OrdinaryUser()
        defer { user.remove() }
        let detached = getuid() == 0 ? user.command("demo --new-post-every 0") : "setsid " + user.command("demo --new-post-every 0")
        let tmux = try TmuxSession(command: detached)
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") }
        XCTAssertTrue(first.ok, first.screen)
        let pid = try XCTUnwrap(user.loggedPID(), "no 'started pid=' line in \(user.log.path)")
        XCTAssertTrue(Self.running(pid))
        tmux.close()
        let deadline = Date().addingTimeInterval(10)
        while Self.running(pid), Date() < deadline { usleep(20_000) }
        XCTAssertFalse(Self.running(pid), "tern (pid \(pid)) still runs 10 s after its terminal closed")
        let log = (try? String(contentsOf: user.log, encoding: .utf8)) ?? ""
        XCTAssertTrue(log.contains("the terminal is gone"), log)
    }

    /// Ctrl-Z gives the shell its terminal back; `fg` brings the same screen back, drawn again whole.
    func testCtrlZAndFgGiveBackTheSameScreen() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "env PS1='$ ' bash --norc --noprofile")
        defer { tmux.close() }
        try tmux.send("\(tern.path) demo --new-post-every 0", "Enter")
        let before = tmux.waitSettled(quiet: 1.0) { s in s.contains("Sol Novak @user32") && s.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }
        XCTAssertTrue(before.ok, before.screen)
        try tmux.send("C-z")
        let stopped = tmux.wait { $0.contains("Stopped") && $0.contains("$ ") }
        XCTAssertTrue(stopped.ok, "Ctrl-Z did not give the shell back:\n\(stopped.screen)")
        XCTAssertFalse(stopped.screen.contains("Sol Novak"), "the shell shows Tern's screen:\n\(stopped.screen)")
        try tmux.send("fg", "Enter")
        let back = tmux.wait { Self.ageless($0) == Self.ageless(before.screen) }
        XCTAssertTrue(back.ok, "after fg:\n\(back.screen)\nbefore:\n\(before.screen)")
        try tmux.send("q")
        let left = tmux.wait { $0.contains("$ ") && !$0.contains("Sol Novak") }
        XCTAssertTrue(left.ok, left.screen)
    }

    /// A screen with posts' ages ("5m") blanked: a minute may turn while the test waits.
    static func ageless(_ screen: String) -> String {
        screen.replacingOccurrences(of: #"\b\d+[smhd]\b"#, with: "#", options: .regularExpression)
    }

    static func running(_ pid: Int32) -> Bool {
        // A zombie has exited; its parent has yet to collect it.
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
    }
}

/// Someone who is not root: `nobody` through runuser when the tests run as root, else the user running
/// them. Their own home and XDG folders, so nothing of root's is needed or touched.
struct OrdinaryUser {
    let name: String
    let home: URL
    let tern: URL
    var log: URL { home.appendingPathComponent("state/tern/tern.log") }

    init() throws {
        let built = try TmuxSession.ternBinary()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-user-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        guard getuid() == 0 else {
            name = String(cString: getpwuid(getuid()).pointee.pw_name)
            tern = built
            return
        }
        name = "nobody"
        guard let pw = getpwnam(name) else {
            XCTFail("no user 'nobody' on this machine to run Tern as")
            throw Spawn.Failed(status: -1)
        }
        XCTAssertEqual(chown(home.path, pw.pointee.pw_uid, pw.pointee.pw_gid), 0, "chown \(home.path)")
        let name = self.name
        func runnable(_ url: URL) -> Bool { (try? Spawn.run(["runuser", "-u", name, "--", "test", "-x", url.path], capture: false)) != nil }
        if runnable(built) {
            tern = built
        } else {
            // The build folder is closed to others (a clone in a private folder): a copy in the user's own
            // folder runs the same code.
            let copy = home.appendingPathComponent("bin/tern")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: built, to: copy)
            _ = chmod(copy.path, 0o755)
            _ = chmod(copy.deletingLastPathComponent().path, 0o755)
            tern = copy
            guard runnable(copy) else {
                XCTFail("\(name) cannot run \(built.path) nor a copy at \(copy.path)")
                throw Spawn.Failed(status: -1)
            }
        }
    }

    /// A shell command running `tern ARGUMENTS` as this user, with the home and XDG folders here.
    func command(_ arguments: String) -> String {
        let h = home.path
        let env = "env HOME=\(h) XDG_CONFIG_HOME=\(h)/config XDG_DATA_HOME=\(h)/data XDG_CACHE_HOME=\(h)/cache XDG_STATE_HOME=\(h)/state"
        return (getuid() == 0 ? "runuser -u \(name) -- " : "") + "\(env) \(tern.path) \(arguments)"
    }

    /// The pid Tern wrote to its log as it started.
    func loggedPID() -> Int32? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOf: log, encoding: .utf8),
               let range = text.range(of: #"started pid=\d+"#, options: .regularExpression) {
                return Int32(text[range].dropFirst("started pid=".count))
            }
            usleep(50_000)
        }
        return nil
    }

    func remove() { try? FileManager.default.removeItem(at: home) }
}
