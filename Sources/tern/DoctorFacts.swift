import AsyncHTTPClient
import Foundation
import TernHTTP
import TernMastodon
import TernStore

/// What `tern doctor` finds out, each in words for the report.
enum DoctorFacts {
    /// The kernel, the machine and the distribution.
    static func system() -> String {
        var u = utsname()
        uname(&u)
        func field<T>(_ value: T) -> String { withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } }
        // Only the distribution's name is read from it; without it the kernel's line says enough.
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        return "\(field(u.sysname)) \(field(u.release)) \(field(u.machine))" + (pretty.map { ", \($0)" } ?? "")
    }

    static func locale(_ environment: [String: String]) -> String {
        let name = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? "not set"
        let utf8 = name.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
        return name + (utf8 ? " (UTF-8)" : " (not UTF-8: Tern uses C.UTF-8 for its own text)")
    }

    /// The terminal to ask: standard input and output when both are it, else the controlling terminal,
    /// opened (nil where there is none: a cron job, a service).
    struct Terminal {
        let input: Int32
        let output: Int32
        let opened: Bool

        static func open() -> Terminal? {
            if isatty(0) == 1, isatty(1) == 1 { return Terminal(input: 0, output: 1, opened: false) }
            let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            return fd >= 0 ? Terminal(input: fd, output: fd, opened: true) : nil
        }

        func close() { if opened { _ = Glibc.close(input) } }
    }

    /// tmux's version and the two options Tern depends on, when Tern runs inside it; "no" when neither the
    /// environment nor the terminal's answer says tmux.
    static func tmux(_ environment: [String: String], terminalSays: String?) -> String {
        guard environment["TMUX"] != nil else {
            guard let says = terminalSays, says.hasPrefix("tmux") else { return "no" }
            return "yes, the terminal says \(says), but TMUX is not set here (a `sudo` or `runuser` drops it): its options could not be read"
        }
        let version = run(["tmux", "-V"]) ?? "tmux, version unknown"
        // An option tmux doesn't answer for (too old to have it, or its server out of reach) is said so, not "?".
        let unknown = "not known (tmux show-options gave no answer; tmux before 3.3 has no allow-passthrough)"
        let passthrough = run(["tmux", "show-options", "-gv", "allow-passthrough"]) ?? unknown
        let clipboard = run(["tmux", "show-options", "-gv", "set-clipboard"]) ?? "not known (tmux show-options gave no answer)"
        return "\(version); allow-passthrough \(passthrough) (pictures need on), set-clipboard \(clipboard) (y and Y need on or external)"
    }

    /// Whether the account's server answers, what it runs, and whether its streaming health check answers.
    static func server(_ account: StoredAccount, http: HTTPClient, timeout: Double) async -> String {
        let client = MastodonClient(baseURL: account.server, token: account.token, http: http, timeout: .seconds(timeout))
        do {
            let about = try await client.software()
            let streaming = about.streamingHealthy.map { $0 ? "streaming answers" : "streaming health check fails" }
                ?? "no streaming health check (GoToSocial has none; Tern streams without it)"
            return "reachable, version \(about.version), \(streaming)"
        } catch {
            return "not reachable: \(error)"
        }
    }

    /// The last warnings and errors in the log, newest last.
    static func lastProblems(in log: URL, count: Int = 5) -> [String] {
        guard FileManager.default.fileExists(atPath: log.path) else { return ["(no log yet)"] }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: log) } catch { return ["(the log can't be read: \(error.localizedDescription))"] }
        // Only read from: closing it can lose nothing.
        defer { try? handle.close() }
        let tail: String
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size > 200_000 ? size - 200_000 : 0)
            tail = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        } catch {
            return ["(the log can't be read: \(error.localizedDescription))"]
        }
        let problems = tail.split(separator: "\n").filter { line in [" warning ", " error ", " critical "].contains { line.contains($0) } }
        return problems.isEmpty ? ["(no warnings or errors)"] : problems.suffix(count).map(String.init)
    }

    /// A short command's first line of output; nil when it could not run.
    private static func run(_ argv: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
