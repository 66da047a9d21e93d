import Foundation
import XCTest

/// A detached tmux session on a private socket, driven the way a person would: keys in, screen out.
final class TmuxSession {
    let socket = "tern-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let config: URL

    init(command: String, columns: Int = 120, rows: Int = 40) throws {
        config = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        // A 256-colour terminal type, so thumbnails come through as they would for most users.
        try "set -g default-terminal tmux-256color\n".write(to: config, atomically: true, encoding: .utf8)
        // The server this starts inherits our descriptors: give it no pipe to hold open.
        try run(["-f", config.path, "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capture: false)
    }

    private var closed = false

    /// Ends the session and what runs in it. Tests call it in `defer`, so the end doesn't depend on when
    /// the object happens to be released.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? run(["kill-server"], capture: false)
        try? FileManager.default.removeItem(at: config)
    }

    deinit { close() }

    @discardableResult
    func run(_ args: [String], capture: Bool = true) throws -> String {
        try Spawn.run(["tmux", "-L", socket] + args, capture: capture)
    }

    /// The screen's text; with `colours`, its colours too.
    func screen(colours: Bool = false) -> String { (try? run(["capture-pane", "-p", "-N"] + (colours ? ["-e"] : []))) ?? "" }

    func send(_ keys: String...) throws { try run(["send-keys"] + keys) }

    /// Waits until the screen satisfies `condition`, looking every `every` microseconds (a key meant for the
    /// first frame looks without pause); returns the screen it last saw.
    @discardableResult
    func wait(timeout: Double = 20, every pause: useconds_t = 100_000, until condition: (String) -> Bool) -> (ok: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if condition(last) { return (true, last) }
            usleep(pause)
        }
        return (false, last)
    }

    /// Waits until the screen satisfies `condition` and then stays the same for `quiet` seconds (pictures
    /// done loading); returns the screen it last saw.
    @discardableResult
    func waitSettled(timeout: Double = 20, quiet: Double = 0.6, colours: Bool = false,
                     until condition: (String) -> Bool = { _ in true }) -> (ok: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = "", since = Date()
        while Date() < deadline {
            let now = screen(colours: colours)
            if now != last { last = now; since = Date() }
            if condition(now), Date().timeIntervalSince(since) >= quiet { return (true, now) }
            usleep(100_000)
        }
        return (false, last)
    }

    /// The `tern` executable built beside the test bundle, or a skip that says why the test can't run.
    static func ternBinary() throws -> URL {
        guard available else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tern")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw XCTSkip("\(url.path) is not built; run `swift build` first")
        }
        return url
    }

    /// `tern demo --server-only` (with `flags`) in a small session of its own, and the address it serves at.
    static func demoServer(_ tern: String, flags: String = "") throws -> (session: TmuxSession, address: String) {
        let server = try TmuxSession(command: "\(tern) demo --server-only --new-post-every 0 \(flags)", columns: 100, rows: 5)
        let started = server.wait { $0.contains("http://127.0.0.1:") }
        let address = try XCTUnwrap(started.screen.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression)
            .map { String(started.screen[$0]) }, "the demo server did not start:\n\(started.screen)")
        return (server, address)
    }

    static var available: Bool {
        (try? Spawn.run(["tmux", "-V"], capture: false)) != nil
    }
}

/// Runs a command and waits for it with posix_spawn/waitpid. (Foundation's Process left tmux's client
/// unreaped here, and a tmux server started by a child would hold any inherited pipe open forever.)
enum Spawn {
    struct Failed: Error { var status: Int32 }

    static func run(_ argv: [String], capture: Bool) throws -> String {
        String(decoding: try run(argv, capture: capture, binary: true), as: UTF8.self)
    }

    /// What the command wrote, as bytes.
    static func run(_ argv: [String], capture: Bool, binary: Bool) throws -> [UInt8] {
        var fds: [Int32] = [-1, -1]
        if capture { guard pipe(&fds) == 0 else { throw Failed(status: -1) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // A clean signal state, as a shell gives its commands: the test process's threads block signals,
        // and a tmux server (and the programs in it) inheriting that mask would ignore kill-server's SIGHUP.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for sig in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attributes, &cargs, environ)
        if capture { close(fds[1]) }
        guard rc == 0 else { if capture { close(fds[0]) }; throw Failed(status: rc) }
        var output = [UInt8]()
        if capture {
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fds[0], &buf, buf.count)
                if n <= 0 { break }
                output += buf[0..<n]
            }
            close(fds[0])
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw Failed(status: status) }
        return output
    }
}

/// The @handles in a screen's list area (between the title bar and the status line), top to bottom:
/// which posts are in view, whatever their pictures are doing.
func handles(onScreen screen: String) -> [String] {
    let regex = try! NSRegularExpression(pattern: "@user\\d+")
    return screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2).flatMap { line -> [String] in
        let s = String(line)
        return regex.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { String(s[Range($0.range, in: s)!]) }
    }
}
