import Foundation
import TernDemo
import XCTest

/// A pseudo-terminal whose far end the test plays: it reads what the program sends to the "screen", and
/// answers the device-attributes query (`ESC [ c`) the way a given terminal would.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32, slave: Int32
    private let answer: [UInt8]?
    private let lock = NSLock()
    private var written: [UInt8] = []
    /// While set, nothing is read: the program's writes wait, as over a slow link.
    private var holding = false
    /// Wakes the reading thread to stop; the thread ends before the descriptors close, so it can never
    /// read from a descriptor number the next test's terminal reuses.
    private let stop: [Int32]
    private let stopped = DispatchSemaphore(value: 0)

    /// `answer` is sent each time a device-attributes query arrives (the probe asks in two rounds); nil
    /// never answers.
    init(answer: String?, rows: Int = 40, columns: Int = 120, cell: (width: Int, height: Int)? = nil) throws {
        // posix_openpt and friends aren't in Swift's Glibc module: the same done with Linux's ioctls
        // (TIOCSPTLCK to unlock, TIOCGPTN for the number).
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard m >= 0, ioctl(m, 0x4004_5431, &unlock) == 0, ioctl(m, 0x8004_5430, &number) == 0 else {
            throw XCTSkip("no pseudo-terminals here")
        }
        let s = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard s >= 0 else { throw XCTSkip("can't open the pty's slave end") }
        master = m
        slave = s
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns),
                           ws_xpixel: UInt16(columns * (cell?.width ?? 0)), ws_ypixel: UInt16(rows * (cell?.height ?? 0)))
        _ = ioctl(m, UInt(TIOCSWINSZ), &size)
        self.answer = answer.map { Array($0.utf8) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw XCTSkip("no pipe") }
        stop = fds
        Thread { self.serve(); self.stopped.signal() }.start()
    }

    /// Everything sent to the "screen" so far.
    var received: [UInt8] { lock.lock(); defer { lock.unlock() }; return written }

    /// Runs `body` while nothing is read from the program, so what it writes meanwhile fills the terminal's
    /// buffer and its writes wait (a slow link).
    func withReadingHeld(_ body: () -> Void) {
        lock.lock(); holding = true; lock.unlock()
        defer { lock.lock(); holding = false; lock.unlock() }
        body()
    }

    /// Sets the terminal's size, as a window resized does.
    func resize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types into the program.
    func type(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }

    /// Waits until what was received satisfies `condition`.
    @discardableResult
    func wait(timeout: Double = 20, until condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(received) { return true }
            usleep(50_000)
        }
        return condition(received)
    }

    /// Waits until `condition` holds and nothing more has arrived for `quiet` seconds: every frame the
    /// program had to write for what was typed is in.
    @discardableResult
    func waitSettled(timeout: Double = 20, quiet: Double = 0.5, until condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var count = -1, since = Date()
        while Date() < deadline {
            let now = received
            if now.count != count { (count, since) = (now.count, Date()) }
            if condition(now), Date().timeIntervalSince(since) >= quiet { return true }
            usleep(50_000)
        }
        return false
    }

    private func serve() {
        var buf = [UInt8](repeating: 0, count: 65536)
        // How far the bytes have been searched for queries (only new ones are: a kitty run writes
        // megabytes, and a slow reader would change what the program sees).
        var searched = 0
        let query = Array("\u{1B}[c".utf8)
        while true {
            lock.lock(); let held = holding; lock.unlock()
            if held {
                var fd = pollfd(fd: stop[0], events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, 1) > 0 { return }
                continue
            }
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: stop[0], events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, 30_000) > 0, fds[1].revents == 0 else { return }
            let n = read(master, &buf, buf.count)
            guard n > 0 else { return }
            lock.lock()
            written += buf[0..<n]
            let all = written
            lock.unlock()
            guard let answer, all.count >= 3 else { continue }
            for i in max(0, searched - 2)...(all.count - 3) where all[i] == query[0] && all[i + 1] == query[1] && all[i + 2] == query[2] {
                _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
            searched = all.count
        }
    }

    /// The `tern` executable built beside the test bundle.
    static func ternBinary() throws -> String {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tern")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw XCTSkip("\(url.path) is not built") }
        return url.path
    }

    /// A private home for a run of tern: config, cache, data and state under `home`.
    static func environment(home: URL) -> [String] {
        ["TERM=xterm-256color", "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/config", "XDG_CACHE_HOME=\(home.path)/cache",
         "XDG_DATA_HOME=\(home.path)/data", "XDG_STATE_HOME=\(home.path)/state", "LANG=C.UTF-8"]
    }

    /// Starts a program with this terminal as its input and output; returns its pid.
    func launch(_ argv: [String], env: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, slave, 0)
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cargs = argv.map { strdup($0) } + [nil]
        var cenv = env.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) }; cenv.forEach { free($0) } }
        // A program starts with no signal blocked, as from a shell: the test's thread (a concurrency pool's)
        // blocks most, and its mask is inherited, which kept SIGWINCH from ever reaching the program.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cargs, &cenv)
        guard rc == 0 else { throw XCTSkip("can't start \(argv[0]): \(rc)") }
        return pid
    }

    func close() {
        _ = write(stop[1], [1], 1)
        stopped.wait()
        for fd in [slave, master, stop[0], stop[1]] { _ = Glibc.close(fd) }
    }
}

/// The real `tern` on a pseudo-terminal that answers as a given terminal, against a demo server, in a
/// throwaway home. `stop()` ends it and cleans up.
struct TernInTerminal {
    let pty: PseudoTerminal
    private let pid: pid_t
    private let home: URL

    /// `config`: the text of a config.toml to run with.
    init(server: DemoServer, answer: String, arguments: [String] = [], config: String? = nil) throws {
        let tern = try PseudoTerminal.ternBinary()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("tern-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        if let config {
            let folder = home.appendingPathComponent("config/tern")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        }
        let token = home.appendingPathComponent("token")
        try "any-token\n".write(to: token, atomically: true, encoding: .utf8)
        pty = try PseudoTerminal(answer: answer, rows: 40, columns: 120)
        pid = try pty.launch([tern, "--server", server.baseURL, "--token-file", token.path, "--no-stream"] + arguments,
                             env: PseudoTerminal.environment(home: home))
    }

    /// Resizes the terminal and tells Tern, as the kernel does for a terminal's foreground process (this
    /// one is not Tern's controlling terminal, so the kernel does not).
    func resize(rows: Int, columns: Int) {
        pty.resize(rows: rows, columns: columns)
        kill(pid, SIGWINCH)
    }

    /// What Tern has written to its log so far.
    var log: String { (try? String(contentsOf: home.appendingPathComponent("state/tern/tern.log"), encoding: .utf8)) ?? "" }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pty.close()
        try? FileManager.default.removeItem(at: home)
    }
}

