import Foundation

/// A program started on a fresh pseudo-terminal of its own, read from the far end, for timing how soon
/// its screen shows something. Any program can be measured this way (Tern, newsboat), with no terminal
/// emulator or multiplexer between it and the clock.
final class PtyProgram {
    let pid: pid_t
    private let master: Int32
    private let started: Int64
    private var received: [UInt8] = []
    /// When the last output came.
    private var lastArrival: Int64 = 0

    /// Starts `argv` with the pty as its standard input and output (stderr to /dev/null).
    init(_ argv: [String], env: [String], rows: Int = 40, columns: Int = 120) throws {
        // posix_openpt isn't in Swift's Glibc module: Linux's ioctls do the same (TIOCSPTLCK, TIOCGPTN).
        let m = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard m >= 0, ioctl(m, 0x4004_5431, &unlock) == 0, ioctl(m, 0x8004_5430, &number) == 0 else {
            throw BenchError("no pseudo-terminals here")
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard slave >= 0 else { close(m); throw BenchError("can't open /dev/pts/\(number)") }
        defer { close(slave) }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(m, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, slave, 0)
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, m)
        var cargs = argv.map { strdup($0) } + [nil]
        var cenv = env.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) }; cenv.forEach { free($0) } }
        var child: pid_t = 0
        started = monotonicNanoseconds()
        lastArrival = started
        let rc = posix_spawn(&child, argv[0], &actions, nil, &cargs, &cenv)
        guard rc == 0 else { close(m); throw BenchError("can't start \(argv[0]): \(String(cString: strerror(rc)))") }
        pid = child
        master = m
    }

    /// Milliseconds from the spawn to the first output holding `text`; reads (and answers the
    /// device-attributes query as a plain xterm would) until then.
    func millisecondsUntil(_ text: String, timeout: Double = 20) throws -> Double {
        let needle = Array(text.utf8)
        let deadline = monotonicNanoseconds() + Int64(timeout * 1e9)
        var searchedTo = 0
        while monotonicNanoseconds() < deadline {
            guard read(waitingMilliseconds: 50) else { continue }
            let now = monotonicNanoseconds()
            if Self.find(needle, in: received, from: max(0, searchedTo - needle.count)) { return Double(now - started) / 1e6 }
            searchedTo = received.count
        }
        throw BenchError("\(text) did not appear within \(Int(timeout)) s")
    }

    /// Reads until nothing has come for `quiet` seconds; milliseconds from the spawn to the last byte before
    /// that quiet: when the screen was finished.
    func millisecondsToLastOutput(quiet: Double, timeout: Double = 20) -> Double {
        var last = lastArrival
        let deadline = monotonicNanoseconds() + Int64(timeout * 1e9)
        while monotonicNanoseconds() < deadline, monotonicNanoseconds() - last < Int64(quiet * 1e9) {
            if read(waitingMilliseconds: 20) { last = lastArrival }
        }
        return Double(last - started) / 1e6
    }

    /// Types `keys` and returns the milliseconds until the output after them holds `text` (any output, for
    /// nil): a key's way to the screen.
    func millisecondsAfterTyping(_ keys: String, until text: String?, timeout: Double = 20) throws -> Double {
        let needle = Array((text ?? "").utf8)
        let mark = received.count
        let typed = monotonicNanoseconds()
        _ = Array(keys.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let deadline = typed + Int64(timeout * 1e9)
        while monotonicNanoseconds() < deadline {
            guard read(waitingMilliseconds: 50) else { continue }
            let now = monotonicNanoseconds()
            if needle.isEmpty || Self.find(needle, in: received, from: mark) { return Double(now - typed) / 1e6 }
        }
        throw BenchError("\(text ?? "output") did not follow \(keys.debugDescription) within \(Int(timeout)) s")
    }

    /// Keeps reading for `seconds` (so the program never blocks on a full terminal).
    func drain(seconds: Double) {
        let end = monotonicNanoseconds() + Int64(seconds * 1e9)
        while monotonicNanoseconds() < end { _ = read(waitingMilliseconds: 20) }
    }

    /// Types `keys`, then waits for the program to end (reading meanwhile); kills it after `grace` seconds.
    func quit(typing keys: String, grace: Double = 5) {
        _ = Array(keys.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let end = monotonicNanoseconds() + Int64(grace * 1e9)
        var status: Int32 = 0
        while monotonicNanoseconds() < end {
            if waitpid(pid, &status, WNOHANG) == pid { close(master); return }
            _ = read(waitingMilliseconds: 20)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        close(master)
    }

    /// One poll and read of the far end; true when something came.
    private func read(waitingMilliseconds ms: Int32) -> Bool {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, ms) > 0 else { return false }
        var buf = [UInt8](repeating: 0, count: 65_536)
        let n = Glibc.read(master, &buf, buf.count)
        guard n > 0 else { return false }
        let before = received.count
        received += buf[0..<n]
        lastArrival = monotonicNanoseconds()
        // Tern asks what the terminal can show (after its first frame); a plain xterm's answer ends the wait.
        if Self.find(Array("\u{1B}[c".utf8), in: received, from: max(0, before - 2)) {
            _ = Array("\u{1B}[?62;22c".utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Bool {
        guard haystack.count >= needle.count, from <= haystack.count - needle.count else { return false }
        return (from...(haystack.count - needle.count)).contains { i in
            haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle)
        }
    }
}

/// Runs `argv` to its end with output to /dev/null; wall milliseconds.
func runToEnd(_ argv: [String], env: [String]) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cargs = argv.map { strdup($0) } + [nil]
    var cenv = env.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) }; cenv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = monotonicNanoseconds()
    let rc = posix_spawn(&pid, argv[0], &actions, nil, &cargs, &cenv)
    guard rc == 0 else { throw BenchError("can't start \(argv[0]): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return Double(monotonicNanoseconds() - start) / 1e6
}

/// The peak RSS in kB of `argv` run to its end, as GNU time reports it. Not wait4's figure: posix_spawn's
/// child shares this process's memory until its exec, and the kernel keeps that memory's peak in the
/// child's, through any later exec (a shell in between too); time's child starts from time's small copy.
func peakKB(_ argv: [String], env: [String]) throws -> Int {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { throw BenchError("a peak RSS needs GNU time (apt install time)") }
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-peak-\(getpid())")
    defer { try? FileManager.default.removeItem(at: report) }
    _ = try runToEnd([time, "-f", "%M", "-o", report.path] + argv, env: env)
    let text = try String(contentsOf: report, encoding: .utf8)
    guard let kb = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
        throw BenchError("GNU time reported no peak: \(text)")
    }
    return kb
}

func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
