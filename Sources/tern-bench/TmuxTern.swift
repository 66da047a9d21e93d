import ArgumentParser
import Foundation

/// The real `tern` in a detached tmux session of its own, as a person runs it.
final class TmuxTern {
    let name = "tern-bench-\(getpid())-\(UUID().uuidString.prefix(6))"
    let home: URL
    let tern: String
    let arguments: [String]
    /// More of the environment (`NAME=value`), after the home's.
    let environment: [String]

    init(home: URL, tern: String, arguments: [String], environment: [String] = []) {
        self.home = home
        self.tern = tern
        self.arguments = arguments
        self.environment = environment
    }

    /// The `tern` built beside this benchmark (the same configuration).
    static func builtBeside() throws -> String {
        let tern = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tern").path
        guard FileManager.default.isExecutableFile(atPath: tern) else { throw ValidationError("\(tern) is not built") }
        return tern
    }

    /// Starts tern and waits until `text` is on screen.
    func startUp(showing text: String) throws {
        try startUp(until: text) { $0.contains(text) }
    }

    /// Starts tern and waits until the screen satisfies `ready` (`what` names it in the error).
    func startUp(until what: String, _ ready: (String) -> Bool) throws {
        let env = (StartupBench.environment(home) + environment).joined(separator: " ")
        let command = ([tern] + arguments).joined(separator: " ")
        tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", "exec env \(env) \(command)"], capture: false)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if ready(screen()) { return }
            usleep(20_000)
        }
        throw ValidationError("tern showed no \(what) within 20 s")
    }

    func screen() -> String { tmux(["capture-pane", "-p", "-t", name]) }

    /// Presses `key` `count` times in one go.
    func press(_ key: String, count: Int) { tmux(["send-keys", "-t", name, "-N", "\(count)", key]) }

    /// Keys by tmux's names (`Escape`, `C-s`, `j`).
    func press(_ keys: String...) { tmux(["send-keys", "-t", name] + keys) }

    /// Text typed as it is.
    func type(_ text: String) { tmux(["send-keys", "-t", name, "-l", text]) }

    /// Polls the screen until `done` holds; the last screen, or nil after `seconds`.
    func wait(_ seconds: Double = 10, until done: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let s = screen()
            if done(s) { return s }
            usleep(15_000)
        } while Date() < deadline
        return nil
    }

    /// `kill -9` of tern, and the moment it was sent; false when no tern was running.
    func killHard() -> Bool {
        guard let p = Int32(pid), p > 0 else { return false }
        guard kill(p, SIGKILL) == 0 else { return false }
        for _ in 0..<500 where kill(p, 0) == 0 { usleep(10_000) }
        return true
    }

    /// Pages down until a post numbered at or below `target` is on screen; returns the lowest seen.
    func pageDown(until target: Int) throws -> Int {
        var lowest = Int.max
        for _ in 0..<2_000 where lowest > target {
            press("Space", count: 40)
            usleep(150_000)
            for match in screen().split(separator: "#").dropFirst() {
                if let n = Int(match.prefix(while: \.isNumber)) { lowest = min(lowest, n) }
            }
            // A figure from a program that is gone would be a lie: say what happened instead.
            if pid.isEmpty || rssKB() == 0 { throw BenchError("tern exited while paging down (see its tern.log and the kernel log)") }
        }
        return lowest
    }

    var pid: String { tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines) }

    func rssKB() -> Int { MemoryBench.status("VmRSS:", pid: pid) }

    func close() { tmux(["kill-server"], capture: false) }

    /// tmux on a private socket, through the shell (Foundation's Process left tmux's client unreaped here).
    /// A command that starts the server must not capture: the server would hold the pipe open.
    @discardableResult
    private func tmux(_ args: [String], capture: Bool = true) -> String {
        let line = (["tmux", "-L", name] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        guard capture else { _ = system(line + " >/dev/null 2>&1 </dev/null"); return "" }
        guard let pipe = popen(line + " 2>/dev/null", "r") else { return "" }
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buf, 1, buf.count, pipe)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        pclose(pipe)
        return String(decoding: out, as: UTF8.self)
    }
}
