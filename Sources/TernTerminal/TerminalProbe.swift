import Foundation
import TernModel

/// Finds out how the terminal can show pictures, and reads the answers with echo off. Terminals answer in
/// order, so the primary device attributes, which every terminal answers, mark the end of a round; a
/// terminal that never answers costs the timeout and no more. The first round asks only what every
/// terminal ignores when it doesn't know it (its name and version, the cell and window size in pixels);
/// the second, only where the first says it is worth it, kitty's graphics query (an APC string, which
/// urxvt prints as text) and the largest sixel picture (XTSMGRAPHICS).
package enum TerminalProbe {
    /// What the probe found and what it chose.
    package struct Result: Sendable, Equatable {
        package var mode: GraphicsMode
        package var cellPixels: CellPixels
        package var answers: TerminalAnswers
        /// Inside tmux: whether sequences can pass through to the terminal outside.
        package var tmux: Tmux
        /// Something the user may want to know (how to let pictures through tmux), or nil.
        package var note: String?
        package var elapsed: Duration

        /// kitty pictures placed at their cells (`a=p`), where the terminal draws no placeholder cells.
        package var kittyDirect: Bool
    }

    /// Whether this terminal's kitty pictures are placed at their cells rather than drawn as placeholder
    /// cells: kitty before 0.28, and Konsole, which places and deletes kitty pictures but draws no
    /// placeholders (and whose iTerm2 and sixel pictures stay on screen whatever is written over them).
    static func placesKittyDirectly(_ answers: TerminalAnswers, _ env: [String: String]) -> Bool {
        !answers.kittyPlaceholders || env["KONSOLE_VERSION"] != nil
    }

    package enum Tmux: Sendable, Equatable { case none, passthrough, blocked }

    static let attributes = Array("\u{1B}[c".utf8)

    /// The first round, in the order sent; in tmux with passthrough, the version and device-attributes
    /// queries are wrapped for the terminal outside (the outer answer then marks the end).
    static func firstQueries(tmux: Tmux) -> [UInt8] {
        let version = Array("\u{1B}[>0q".utf8), sizes = Array("\u{1B}[16t\u{1B}[14t".utf8)
        let background = Array("\u{1B}]11;?\u{1B}\\".utf8)
        // Whether it has synchronized output (DECRQM of mode 2026); tmux answers for itself.
        let synchronized = Array("\u{1B}[?2026$p".utf8)
        switch tmux {
        case .none: return version + sizes + background + synchronized + attributes
        case .passthrough: return TmuxPassthrough.wrap(version) + sizes + background + synchronized + TmuxPassthrough.wrap(attributes)
        case .blocked: return sizes + background + synchronized + attributes
        }
    }

    /// The second round, or nothing when the first gave no reason for one.
    static func secondQueries(tmux: Tmux, first: TerminalAnswers, environment: [String: String]) -> [UInt8] {
        var out: [UInt8] = []
        if tmux != .blocked, mayDrawKitty(first, environment) {
            let kitty = Array("\u{1B}_Gi=\(TerminalAnswers.kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
            out += tmux == .passthrough ? TmuxPassthrough.wrap(kitty) : kitty
        }
        if tmux == .none, first.sixel { out += Array("\u{1B}[?2;1S".utf8) }
        guard !out.isEmpty else { return [] }
        return out + (tmux == .passthrough ? TmuxPassthrough.wrap(attributes) : attributes)
    }

    /// Whether the terminal may know kitty's graphics protocol: by its name in the environment (which ssh
    /// carries in TERM) or in its answer. Others are not sent the query: a terminal that doesn't swallow
    /// APC strings (urxvt) prints it, and the screen slides up a row.
    static func mayDrawKitty(_ answers: TerminalAnswers, _ env: [String: String]) -> Bool {
        let term = env["TERM"] ?? "", program = (env["TERM_PROGRAM"] ?? "").lowercased()
        if term.contains("kitty") || term.contains("ghostty") || env["KITTY_WINDOW_ID"] != nil || env["GHOSTTY_RESOURCES_DIR"] != nil
            || env["KONSOLE_VERSION"] != nil || program == "ghostty" || program == "wezterm" { return true }
        let version = (answers.version ?? "").lowercased()
        return ["kitty", "ghostty", "wezterm", "konsole"].contains { version.hasPrefix($0) }
    }

    /// Probes the terminal on `input`/`output` (the process's own by default) unless `requested` is a mode
    /// that needs no answer. `nil` asks for the best mode found ("auto").
    package static func run(requested: GraphicsMode?, input: Int32 = 0, output: Int32 = 1,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           timeout: Duration = .milliseconds(200)) -> Result {
        let clock = ContinuousClock(), start = clock.now
        var answers = TerminalAnswers()
        let needsAnswers = requested == nil || requested?.sendsPixels == true
        // Only worth asking tmux when pixels are wanted.
        let tmux = needsAnswers && environment["TMUX"] != nil ? tmuxPassthrough() : Tmux.none
        let term = environment["TERM"] ?? ""
        if needsAnswers, isatty(input) == 1, isatty(output) == 1, term != "dumb", term != "linux", !term.isEmpty {
            answers = ask(input: input, output: output, queries: firstQueries(tmux: tmux), timeout: timeout)
            let second = secondQueries(tmux: tmux, first: answers, environment: environment)
            if answers.complete, !second.isEmpty {
                let more = ask(input: input, output: output, queries: second, timeout: timeout)
                answers.kitty = more.kitty
                answers.sixelLimit = more.sixelLimit
                answers.typed += more.typed
            }
        }
        // Debian's xterm draws sixels but does not answer XTSMGRAPHICS: its documented default area, then.
        if answers.sixel, answers.sixelLimit == nil, answers.version?.hasPrefix("XTerm(") == true {
            answers.sixelLimit = CellPixels(width: 1000, height: 1000)
        }
        let pixels = answers.cellPixels ?? cellPixels(window: answers.windowPixels, output) ?? windowCellPixels(output) ?? .typical
        let (mode, note) = choose(requested: requested, answers: answers, tmux: tmux, environment: environment)
        return Result(mode: mode, cellPixels: pixels, answers: answers, tmux: tmux, note: note, elapsed: clock.now - start,
                      kittyDirect: mode == .kitty && placesKittyDirectly(answers, environment))
    }

    /// The mode for what was asked and what the terminal said. Pure.
    package static func choose(requested: GraphicsMode?, answers: TerminalAnswers, tmux: Tmux,
                              environment: [String: String]) -> (GraphicsMode, note: String?) {
        let program = environment["TERM_PROGRAM"] ?? "", lcTerminal = environment["LC_TERMINAL"] ?? ""
        // WezTerm answers kitty's query but draws no placeholder cells; its own iTerm2 images work.
        let placeholderless = program == "WezTerm"
        let iterm = tmux == .none && (program == "iTerm.app" || lcTerminal == "iTerm2" || program == "WezTerm"
            || program == "mintty" || environment["KONSOLE_VERSION"] != nil)
        let direct = placesKittyDirectly(answers, environment)
        var best: GraphicsMode = .symbols
        var oldKitty: String?
        // A terminal without placeholder cells has its pictures placed at their cells instead, which does
        // not survive tmux's redraws.
        if answers.kitty, direct, tmux != .none {
            oldKitty = "Pictures as symbols: \(answers.version ?? "this terminal") in tmux needs kitty 0.28 or later for pixels"
        } else if answers.kitty, !placeholderless { best = .kitty }
        else if iterm { best = .iterm }
        // Pixels drawn at the cursor don't survive tmux's redraws; only tmux's own sixel support (3.4+),
        // which its own answer (sent when passthrough is off) would list, does.
        else if answers.sixel, tmux != .passthrough { best = .sixel }
        let blockedNote = tmux == .blocked && outsideShowsPixels(environment)
            ? "Pictures as symbols: tmux blocks pixels (tmux set -g allow-passthrough on)" : oldKitty
        guard let requested else { return (best, blockedNote) }
        switch requested {
        case .symbols, .off: return (requested, nil)
        case .kitty where answers.kitty && direct && tmux != .none: return (.symbols, oldKitty)
        case .kitty where answers.kitty && tmux != .blocked, .sixel where answers.sixel && tmux != .passthrough, .iterm where tmux == .none:
            return (requested, nil)
        case .kitty, .sixel, .iterm:
            if tmux == .blocked, requested == .kitty {
                return (.symbols, "kitty pictures need tmux set -g allow-passthrough on; showing symbols")
            }
            return (.symbols, "This terminal didn't answer for \(requested.rawValue) pictures; showing symbols")
        }
    }

    /// Hints in the environment that the terminal around tmux can show pixels.
    private static func outsideShowsPixels(_ env: [String: String]) -> Bool {
        ["KITTY_WINDOW_ID", "GHOSTTY_RESOURCES_DIR", "WEZTERM_PANE", "KONSOLE_VERSION", "ITERM_SESSION_ID"].contains { env[$0] != nil }
            || env["LC_TERMINAL"] == "iTerm2"
    }

    /// Asks tmux whether this pane lets sequences through (`allow-passthrough`, tmux 3.3 and later). With
    /// posix_spawn and a pipe: Foundation's Process took about 50 ms here to see a 2 ms command end.
    private static func tmuxPassthrough() -> Tmux {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return .blocked }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv = ["tmux", "show-options", "-Apv", "allow-passthrough"]
        var args = argv.map { strdup($0) } + [nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, "tmux", &actions, nil, &args, environ) == 0
        close(fds[1])
        defer { close(fds[0]) }
        guard started else { return .blocked }
        var out: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 256)
        while out.count < 4096 {
            let n = read(fds[0], &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            out += buffer[0..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let value = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return value == "on" || value == "all" ? .passthrough : .blocked
    }

    /// Sends the queries and reads answers until the device attributes arrive or time runs out. The
    /// terminal's settings are put back as they were, whatever happens.
    static func ask(input: Int32, output: Int32, queries: [UInt8], timeout: Duration) -> TerminalAnswers {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return TerminalAnswers() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return TerminalAnswers() }
        defer { tcsetattr(input, TCSANOW, &saved) }
        var answers = TerminalAnswers()
        guard TerminalWrite.all(queries, to: output) else { return answers }
        let clock = ContinuousClock(), deadline = clock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answers.complete {
            let left = deadline - clock.now
            guard left > .zero else { break }
            var fds = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&fds, 1, ms) > 0 else { continue }
            let n = read(input, &buffer, buffer.count)
            guard n > 0 else { if n < 0, errno == EINTR || errno == EAGAIN { continue } else { break } }
            received += buffer[0..<n]
            answers.read(received)
        }
        return answers
    }

    /// The cell size from the text area's size in pixels, as the terminal answered it, and in cells.
    static func cellPixels(window: CellPixels?, _ fd: Int32) -> CellPixels? {
        var size = winsize()
        guard let window, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let cell = CellPixels(width: window.width / Int(size.ws_col), height: window.height / Int(size.ws_row))
        return cell.width > 0 && cell.height > 0 ? cell : nil
    }

    /// The cell size from the window size in pixels, where the terminal fills it in (`TIOCGWINSZ`).
    static func windowCellPixels(_ fd: Int32) -> CellPixels? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return CellPixels(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
