import ArgumentParser
import Foundation
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTerminal

/// `tern doctor`: what a bug report needs, in one paste: versions, the terminal and what Tern makes of it,
/// the config, each account's server, the caches, the last errors. Nothing secret: no token is printed,
/// and tokens in the log's lines are blanked.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Print what a bug report needs (versions, terminal, config, servers, caches, last errors); no secrets.")

    @Option(help: "Seconds to wait for each server.")
    var timeout = 5.0

    func run() throws {
        let paths = TernPaths()
        let environment = ProcessInfo.processInfo.environment
        var report = DoctorReport()
        let accountFiles = AccountStore(directory: paths.config.appendingPathComponent("accounts"))
        let accounts = accountFiles.list()
        report.secrets = accounts.map(\.token)

        report.section("Tern")
        report.line("version", TernVersion.string)
        report.line("system", DoctorFacts.system())
        report.line("locale", DoctorFacts.locale(environment))

        report.section("Terminal")
        let term = environment["TERM"] ?? ""
        report.line("TERM", term.isEmpty ? "not set" : term)
        if !term.isEmpty, !Screen.knows(term) {
            report.line("terminfo", "\(term) is not known here: Tern draws as \(Screen.fallbackTypes.first { Screen.knows($0) } ?? "nothing")."
                        + " Install it from the machine the terminal runs on: " + Screen.installCommand(term))
        } else if !term.isEmpty {
            report.line("terminfo", "\(term) is known")
        }
        report.line("COLORTERM", environment["COLORTERM"] ?? "not set")
        if environment["NO_COLOR"] != nil { report.line("NO_COLOR", "set: no colours") }
        let configFile = paths.config.appendingPathComponent("config.toml")
        let loaded = Result { try Config.load(from: configFile) }
        let config = try? loaded.get()  // its error is the Config section's "parse" line
        // Standard input and output when they are the terminal; else the terminal itself (/dev/tty), so
        // `tern doctor > report.txt` or `| xclip`, what a bug report is made with, still says what it is.
        let tty = DoctorFacts.Terminal.open()
        defer { tty?.close() }
        let requested = (config?.images).flatMap(GraphicsMode.init(rawValue:))
        let probe = tty.flatMap { tty in
            term == "dumb" || term.isEmpty ? nil
                : TerminalProbe.run(requested: requested, input: tty.input, output: tty.output, timeout: .milliseconds(300))
        }
        report.line("tmux", DoctorFacts.tmux(environment, terminalSays: probe?.answers.version))
        if let probe {
            report.line("terminal says", probe.answers.version ?? "nothing about its name and version (XTVERSION)")
            report.line("pictures", "\(probe.mode.rawValue), because " + TerminalProbe.reason(for: probe, requested: requested, environment: environment))
            report.line("cell size", "\(probe.cellPixels.width)×\(probe.cellPixels.height) pixels")
            report.line("synchronized output", probe.answers.synchronizedOutput ? "yes (mode 2026)" : "no")
            let supported = Hyperlinks.supported(terminal: probe.answers.version, environment: environment)
            switch config?.hyperlinks ?? .auto {
            case .auto: report.line("hyperlinks", supported ? "yes (OSC 8)" : "no: this terminal is not known to take OSC 8 (hyperlinks = \"on\" to try)")
            case .on: report.line("hyperlinks", "yes (hyperlinks = \"on\")")
            case .off: report.line("hyperlinks", "no (hyperlinks = \"off\")")
            }
        } else if tty == nil {
            report.line("terminal says", "not asked: there is no terminal (no /dev/tty)")
        } else {
            report.line("terminal says", "not asked: TERM is \(term.isEmpty ? "not set" : term)")
        }

        report.section("Config")
        report.line("file", configFile.path + (FileManager.default.fileExists(atPath: configFile.path) ? "" : " (none: defaults)"))
        switch loaded {
        case .success(let config):
            report.line("parse", "ok")
            for notice in config.notices { report.line("notice", notice) }
        case .failure(let error): report.line("parse", "\(error)")
        }

        report.section("Accounts")
        if accounts.isEmpty { report.line("accounts", "none stored (tern login SERVER adds one; tern feeds add URL reads web feeds without one)") }
        for problem in accountFiles.problems() { report.line("damaged", problem) }
        let timeout = self.timeout
        let http = HTTPFetch.makeClient()
        defer { waitFor { await shutDown(http) } }
        for account in accounts {
            let facts = try blocking { await DoctorFacts.server(account, http: http, timeout: timeout) }
            report.line(account.name, account.server.absoluteString + " · " + facts)
        }

        report.section("Cache")
        // A store that can't be read is said so: "none yet" would send whoever reads the report the wrong way.
        let posts: String
        do {
            posts = try Store.stats(readingOnly: paths.store).map {
                " · \(Cache.megabytes($0.fileBytes)), \(Counted.words($0.posts, "post")), \(Counted.words($0.pendingActions, "action")) waiting"
                    + ($0.unsentMarkers > 0 ? ", \(Counted.words($0.unsentMarkers, "read mark")) for the server" : "")
            } ?? " (none yet)"
        } catch { posts = " · \(error)" }
        report.line("posts", paths.store.path + posts)
        let images = directoryBytes(paths.imageCache)
        report.line("pictures", paths.imageCache.path + " · \(Cache.megabytes(images.bytes)), \(Counted.words(images.files, "file"))")

        report.section("Log")
        let log = paths.state.appendingPathComponent("tern.log")
        report.line("file", log.path)
        for line in DoctorFacts.lastProblems(in: log) { report.line("", line) }
        FileHandle.standardOutput.write(Data(report.text.utf8))
    }
}

/// The report as it is printed: sections of "name: value" lines, every value sanitized and every secret blanked.
struct DoctorReport {
    var secrets: [String] = []
    private(set) var text = ""

    mutating func section(_ name: String) { text += (text.isEmpty ? "" : "\n") + name + "\n" }

    mutating func line(_ name: String, _ value: String) {
        text += "  " + (name.isEmpty ? "" : PlainText.clean(name) + ": ") + Self.blanked(PlainText.clean(value), secrets) + "\n"
    }

    /// A token never leaves: the stored ones by value, and any in an address or a header by its shape.
    static func blanked(_ text: String, _ secrets: [String]) -> String {
        var out = text
        for secret in secrets where secret.count >= 4 { out = out.replacingOccurrences(of: secret, with: "[token]") }
        for pattern in [#"access_token=[^&\s"']+"#, #"(?i)bearer\s+[A-Za-z0-9._~+/=-]+"#] {
            out = out.replacingOccurrences(of: pattern, with: "[token]", options: .regularExpression)
        }
        return out
    }
}
