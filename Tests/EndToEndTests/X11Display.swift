import Foundation
import XCTest

/// A private X server (Xvfb) for real terminal emulators, with screenshots read as pixels and keys typed
/// through XTEST, as a person's would be.
final class X11Display {
    let name: String
    let width = 1280, height = 800
    private var server: pid_t = 0
    private var programs: [pid_t] = []

    /// Starts Xvfb on a free display; fails (never skips) when it cannot, saying why.
    init() throws {
        for tool in ["Xvfb", "xdotool", "import"] where !Self.installed(tool) {
            XCTFail("\(tool) is not installed: make test installs it (scripts/install-deps.sh)")
            throw Failure(why: "\(tool) missing")
        }
        let number = (90..<200).first { n in
            !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
        } ?? 99
        name = ":\(number)"
        server = try Self.start(["Xvfb", name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"], environment: [:])
        // Its socket can be there before it takes clients (under load, urxvt then said it "can't open display"):
        // ready is when a client is answered.
        let deadline = Date().addingTimeInterval(10)
        var answered = false
        while !answered, Date() < deadline {
            answered = FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                && (try? Spawn.run(["env", "DISPLAY=\(name)", "xdotool", "getdisplaygeometry"], capture: true)) != nil
            if !answered { usleep(50_000) }
        }
        guard answered else {
            XCTFail("Xvfb did not start on \(name)")
            throw Failure(why: "no display")
        }
    }

    struct Failure: Error { var why: String }

    /// Starts a program on this display; it is ended with the display.
    func launch(_ argv: [String], environment: [String: String] = [:]) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("x11\(name.dropFirst())-\(programs.count).err")
        programs.append(try Self.start(argv, environment: environment.merging(["DISPLAY": name]) { $1 }, errors: log.path))
        errorLogs.append((argv[0], log))
    }

    private var errorLogs: [(program: String, log: URL)] = []

    /// What the programs started here are doing, and the end of what each wrote to stderr: for a window
    /// that never appeared.
    func programsReport() -> String {
        zip(programs, errorLogs).map { pid, started in
            var status: Int32 = 0
            let state = waitpid(pid, &status, WNOHANG) == pid ? "exited (status \(status))" : "still running"
            let said = (try? String(contentsOf: started.log, encoding: .utf8)).map { String($0.suffix(400)) } ?? ""
            return "\(started.program) \(state)" + (said.isEmpty ? "" : ", said: \(said)")
        }.joined(separator: "; ")
    }

    /// The whole screen as RGB, row by row.
    func screenshot() throws -> Screenshot {
        let bytes = try Spawn.run(["env", "DISPLAY=\(name)", "import", "-window", "root", "-depth", "8", "rgb:-"], capture: true, binary: true)
        guard bytes.count == width * height * 3 else { throw Failure(why: "a screenshot of \(bytes.count) bytes") }
        return Screenshot(width: width, height: height, rgb: bytes)
    }

    /// Types keys (xdotool's names) into the window that has the focus, given it first.
    func press(_ keys: String..., window: String) throws { try press(keys, window: window) }

    func press(_ keys: [String], window: String) throws {
        _ = try Spawn.run(["env", "DISPLAY=\(name)", "xdotool", "windowfocus", window], capture: false)
        for key in keys {
            _ = try Spawn.run(["env", "DISPLAY=\(name)", "xdotool", "key", key], capture: false)
            usleep(120_000)
        }
    }

    /// Resizes a window, as a person dragging its corner does.
    func resize(window: String, width: Int, height: Int) throws {
        _ = try Spawn.run(["env", "DISPLAY=\(name)", "xdotool", "windowsize", window, "\(width)", "\(height)"], capture: false)
    }

    /// The first window of an X class, once it is mapped.
    func window(class name: String, timeout: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let out = try? Spawn.run(["env", "DISPLAY=\(self.name)", "xdotool", "search", "--onlyvisible", "--class", name], capture: true),
               let id = out.split(separator: "\n").first { return String(id) }
            usleep(200_000)
        }
        return nil
    }

    /// Waits until a screenshot satisfies `condition`; returns the last one taken.
    func wait(timeout: Double = 30, until condition: (Screenshot) -> Bool) throws -> (ok: Bool, shot: Screenshot) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screenshot()
        while !condition(last), Date() < deadline {
            usleep(250_000)
            last = try screenshot()
        }
        return (condition(last), last)
    }

    func close() {
        for pid in programs + [server] where pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        programs = []
        server = 0
        // A leftover log in the temporary folder harms nothing; one is written per program started.
        for started in errorLogs { try? FileManager.default.removeItem(at: started.log) }
        errorLogs = []
    }

    deinit { close() }

    static func installed(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    private static func start(_ argv: [String], environment: [String: String], errors: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // `swift test` sets NO_COLOR for what it runs; a person's terminal has no such thing.
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter { $0.key != "NO_COLOR" }
            .map { "\($0.key)=\($0.value)" }
        var cargs = argv.map { strdup($0) } + [nil]
        var cenv = env.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) }; cenv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, &cargs, &cenv)
        guard rc == 0 else { throw Failure(why: "\(argv[0]) could not start: \(rc)") }
        return pid
    }
}

/// A screenshot's pixels, judged by what a person would see.
struct Screenshot {
    let width: Int, height: Int
    let rgb: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 3
        return (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
    }

    /// A colourful pixel (a picture's, not text on a plain background): its channels differ a lot.
    func vivid(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x, y)
        return max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 60
    }

    /// Distinct colours among the vivid pixels of a region (quantized to 5 bits a channel).
    func vividColours(x: Range<Int>, y: Range<Int>) -> Int {
        var seen = Set<Int>()
        for yy in y.clamped(to: 0..<height) { for xx in x.clamped(to: 0..<width) where vivid(xx, yy) {
            let p = pixel(xx, yy)
            seen.insert((p.r >> 3) << 10 | (p.g >> 3) << 5 | (p.b >> 3))
        } }
        return seen.count
    }

    /// The smallest box holding the vivid pixels of a region (rows and columns with at least `least` of them).
    func vividBox(x: Range<Int>, y: Range<Int>, least: Int = 8) -> (x: Range<Int>, y: Range<Int>)? {
        var columns = [Int](repeating: 0, count: width), rows = [Int](repeating: 0, count: height)
        for yy in y.clamped(to: 0..<height) { for xx in x.clamped(to: 0..<width) where vivid(xx, yy) {
            columns[xx] += 1
            rows[yy] += 1
        } }
        guard let left = columns.firstIndex(where: { $0 >= least }), let right = columns.lastIndex(where: { $0 >= least }),
              let top = rows.firstIndex(where: { $0 >= least }), let bottom = rows.lastIndex(where: { $0 >= least }) else { return nil }
        return (left..<(right + 1), top..<(bottom + 1))
    }

    /// The share of pixels that differ between two screenshots in a region.
    func difference(from other: Screenshot, x: Range<Int>, y: Range<Int>) -> Double {
        var differ = 0, all = 0
        for yy in y.clamped(to: 0..<height) { for xx in x.clamped(to: 0..<width) {
            all += 1
            if pixel(xx, yy) != other.pixel(xx, yy) { differ += 1 }
        } }
        return all == 0 ? 0 : Double(differ) / Double(all)
    }

    /// The share of a band of rows that is dark (a title or status bar in reverse video on a light screen).
    func darkShare(y: Range<Int>, x: Range<Int>) -> Double {
        var dark = 0, all = 0
        for yy in y.clamped(to: 0..<height) { for xx in x.clamped(to: 0..<width) {
            all += 1
            let p = pixel(xx, yy)
            if p.r + p.g + p.b < 150 { dark += 1 }
        } }
        return all == 0 ? 0 : Double(dark) / Double(all)
    }
}
