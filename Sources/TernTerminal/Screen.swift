import CNcursesw
import Foundation
import TernModel

/// The terminal: the only owner of ncursesw state. Not Sendable; it lives on the UI loop's thread.
/// Curses sets the terminal up, says what it can do and reads the keys. Drawing goes into a frame of
/// cells (`ScreenBuffer`); `update()` sends what changed through `FrameWriter`, not through curses,
/// whose terminfo-driven output was most of a frame's time.
package final class Screen {
    package private(set) var colorMode: ColorMode
    /// The terminal's background (0xRRGGBB), where it said (OSC 11) or the environment does (COLORFGBG):
    /// text colours are then kept readable on it.
    package var background: UInt32? {
        didSet { if background != oldValue { readable = [:] } }
    }
    struct ReadableKey: Hashable { var color: TerminalColor; var on: UInt32 }
    /// Text colours as they are drawn on a background, once worked out.
    var readable: [ReadableKey: UInt32] = [:]
    private let terminal: OpaquePointer
    private let ownedOutput: UnsafeMutablePointer<FILE>?
    let ownedInput: UnsafeMutablePointer<FILE>?
    private var closed = false
    /// This frame, as the layers drew it.
    var frame = ScreenBuffer(rows: 0, columns: 0)
    var writer = FrameWriter()
    /// The terminal said it has synchronized output (mode 2026): each frame is sent between its marks.
    package var synchronizedOutput = false
    /// kitty's pictures are placed at their cells (kitty before 0.28, Konsole): a whole repaint then clears
    /// the screen in a way that leaves the pictures the terminal holds (`FrameWriter.clearsBelowHome`).
    package var placesKittyPictures: Bool {
        get { writer.clearsBelowHome }
        set { writer.clearsBelowHome = newValue }
    }
    /// Text drawn with a link is a hyperlink (OSC 8): the terminal is known to take them, or the user said so.
    package var hyperlinks = false
    private(set) var mouseOn = false
    /// The terminal reports gaining and losing focus (`CSI I`, `CSI O`) and marks pasted text
    /// (`CSI 200 ~` … `CSI 201 ~`); terminals without them ignore the asks.
    private(set) var reportsOn = false
    let outputFile: UnsafeMutablePointer<FILE>
    /// Pictures drawn as pixels at the cursor (sixel, iTerm2): this frame's and what the terminal shows.
    var pictures = InlinePictures()
    /// Standard error, kept off the screen while curses owns the terminal.
    private let errors: StandardErrorCapture?
    /// Readable when Ctrl-Z was pressed (SIGTSTP): for the UI loop's poll, with `stopIfAsked`.
    package private(set) var stopRequests: Int32?

    /// Starts curses on the process's terminal (`output` nil), or, for benchmarks, on a file with a given
    /// terminal type and size, its keys read from `input` (none when nil). `errors` takes standard error off
    /// the terminal while curses has it.
    /// Drawn for the closest terminal this machine knows, since it has no entry for TERM ("" when unset).
    package private(set) var fallback: (asked: String, used: String)?
    /// The entries tried, in order, when TERM's is missing.
    package static let fallbackTypes = ["xterm-256color", "xterm", "vt100"]

    /// Whether this machine has a terminfo entry for `type` (for `tern doctor`; no screen is started).
    package static func knows(_ type: String) -> Bool { tern_terminfo_known(type) != 0 }

    /// What to say once when TERM was not known here: what is drawn instead, and the command that installs
    /// the entry, run where the terminal is (its definition is there). Short enough for an 80-column status line.
    package var fallbackNotice: String? {
        guard let fallback else { return nil }
        guard !fallback.asked.isEmpty else { return "TERM is not set: drawn as \(fallback.used)" }
        return "TERM=\(fallback.asked) unknown here, drawn as \(fallback.used); install: " + Self.installCommand(fallback.asked)
    }

    /// The command that installs a terminal's entry here, run on the machine the terminal runs on (its
    /// definition is there).
    package static func installCommand(_ type: String) -> String {
        "infocmp -x \(type) | ssh \(ProcessInfo.processInfo.hostName) tic -x -"
    }

    package init(terminalType: String? = nil, output: String? = nil, size: (rows: Int, columns: Int)? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                colors: ColorChoice = .auto, errors: StandardErrorCapture? = nil, input: String? = nil) throws {
        _ = TerminalLocale.ready
        self.errors = errors
        // Before curses starts: it puts a handler of its own on Ctrl-Z only where none is.
        stopRequests = output == nil ? StopRequests.readEnd : nil
        var out = tern_stdout(), inp = tern_stdin()
        if let output {
            guard let o = fopen(output, "w"), let i = fopen(input ?? "/dev/null", "r") else {
                throw ScreenError(description: "cannot open \(output)")
            }
            out = o; inp = i
            ownedOutput = o; ownedInput = i
        } else {
            // Drawn into a pipe, the screen is escapes nobody sees, and a reader that stops reading (head)
            // ends Tern with SIGPIPE before curses can give the terminal its modes back.
            guard isatty(STDOUT_FILENO) == 1 else {
                throw ScreenError(description: "standard output is not a terminal: Tern's full screen needs one (for plain text, use --plain)")
            }
            ownedOutput = nil; ownedInput = nil
        }
        var type = terminalType ?? environment["TERM"]
        var opened = newterm(type, out, inp)
        // Over ssh from kitty, WezTerm, foot, Ghostty or alacritty, TERM names a terminal whose entry the
        // server usually lacks. They all speak xterm's language: drawn as the closest entry this machine
        // has, they look right (what they can do beyond it, such as pictures, their own answers tell).
        if opened == nil {
            for candidate in Self.fallbackTypes where candidate != type {
                guard let term = newterm(candidate, out, inp) else { continue }
                fallback = (asked: type ?? "", used: candidate)
                (opened, type) = (term, candidate)
                break
            }
        }
        guard let term = opened else {
            throw ScreenError(description: "this terminal (TERM=\(type ?? "unset")) is not known to curses, nor is any of "
                + Self.fallbackTypes.joined(separator: ", ") + ". Install ncurses-term (or ncurses-base).")
        }
        terminal = term
        outputFile = out!
        set_term(term)
        // A terminal that cannot place the cursor (TERM=dumb, emacs' shell) cannot show a full-screen
        // program: say so and stop, rather than draw a title bar and nothing else.
        let moves = tigetstr("cup")
        if moves == nil || Int(bitPattern: moves) == -1 {
            endwin()
            delscreen(term)
            if let ownedOutput { fclose(ownedOutput) }
            if let ownedInput { fclose(ownedInput) }
            closed = true
            throw ScreenError(description: "this terminal (TERM=\(type ?? "unset")) cannot move the cursor, which Tern's "
                + "full screen needs. Run it in a terminal such as xterm, or set TERM to one (e.g. TERM=xterm-256color).")
        }
        if let size { resizeterm(Int32(size.rows), Int32(size.columns)) }
        cbreak()
        if output == nil { Self.takeFlowControlKeys() }
        noecho()
        nonl()
        keypad(tern_stdscr(), true)
        Self.defineKeyVariants()
        nodelay(tern_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        let flag = { (name: String) in tigetflag(name) > 0 }
        colorMode = ColorMode.choose(colors, terminfoColors: has_colors() ? max(0, Int(tigetnum("colors"))) : 0,
                                     truecolorFlag: flag("RGB") || flag("Tc"), environment: environment, terminalType: type)
        if colorMode != .monochrome {
            start_color()
            use_default_colors()
        }
        writer.attributesShown = Self.attributesShown()
        // Until the terminal says (the probe asks it), what rxvt-like terminals put in the environment.
        background = TerminalAnswers.background(colorFGBG: environment["COLORFGBG"])
        // Curses draws its own (blank) screen once, entering the alternate screen; from then on it is
        // never asked to, so a key read never repaints over Tern's frame.
        refresh()
        errors?.take()
    }

    /// The attributes this terminal's terminfo entry can show; the others are left out, as curses did.
    private static func attributesShown() -> UInt32 {
        func has(_ name: String) -> Bool {
            guard let s = tigetstr(name) else { return false }
            return Int(bitPattern: s) != -1
        }
        var shown: UInt32 = 0
        for (cap, bit) in [("bold", CellLook.bold), ("dim", CellLook.dim), ("sitm", CellLook.italic), ("smul", CellLook.underline),
                           ("rev", CellLook.reverse)] where has(cap) { shown |= bit }
        return shown
    }

    deinit { close() }

    /// Leaves curses and restores the terminal as it was.
    package func close() {
        guard !closed else { return }
        closed = true
        setMouse(false)
        writeReports(false)
        endwin()
        delscreen(terminal)
        if let ownedOutput { fclose(ownedOutput) }
        if let ownedInput { fclose(ownedInput) }
        errors?.release()
    }

    /// Ctrl-S and Ctrl-Q are the terminal's flow control (XON/XOFF) unless turned off; the compose screen
    /// sends with Ctrl-S, as editors do. Curses' program mode is saved after, so it comes back after `$EDITOR`.
    private static func takeFlowControlKeys() {
        var t = termios()
        guard isatty(0) != 0, tcgetattr(0, &t) == 0 else { return }
        t.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(0, TCSANOW, &t)
        def_prog_mode()
    }

    /// Gives the terminal to another program (`$EDITOR`), as it was before curses.
    package func suspend() {
        setMouse(false)
        writeReports(false)
        def_prog_mode()
        endwin()
        errors?.release()
    }

    /// Takes the terminal back after `suspend()` and repaints everything.
    package func resume(mouse: Bool) {
        errors?.take()
        reset_prog_mode()
        clearok(tern_stdscr(), true)
        refresh()
        invalidate()
        setMouse(mouse)
        writeReports(reportsOn)
    }

    /// After `stopRequests` became readable: gives the terminal back, stops as Ctrl-Z does, and on `fg`
    /// takes the terminal again; the next update repaints everything. Returns whether a stop was asked.
    package func stopIfAsked(mouse: Bool) -> Bool {
        guard let fd = stopRequests, StopRequests.take(fd) else { return false }
        suspend()
        StopRequests.stopHere()
        resume(mouse: mouse)
        return true
    }

    /// Whether the terminal has gone (its window closed, the ssh connection dropped) according to what
    /// `poll` said of the input: a hang-up, an error, or input that is readable but holds no byte, which
    /// is its end. Ask before reading the keys that `poll` announced.
    package func inputEnded(_ events: Int16) -> Bool {
        if events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        guard events & Int16(POLLIN) != 0 else { return false }
        var waiting: Int32 = 0
        return ioctl(fileno(ownedInput ?? tern_stdin()), UInt(FIONREAD), &waiting) != 0 || waiting == 0
    }

    /// Sets the size of a screen drawn to a file (benchmarks, tests); a terminal's size is its own.
    package func resize(rows: Int, columns: Int) {
        guard ownedOutput != nil else { return }
        resizeterm(Int32(rows), Int32(columns))
        wnoutrefresh(tern_stdscr())
    }

    /// The size drawn into: the terminal's.
    package var rows: Int { terminalRows }
    package var columns: Int { terminalColumns }
    package var terminalRows: Int { Int(tern_lines()) }
    package var terminalColumns: Int { Int(tern_cols()) }



    // MARK: Input

    /// Turns xterm SGR mouse reporting (presses and the wheel) on or off. Tern reads the reports itself
    /// rather than through curses, whose terminfo entries for tmux and screen only know the old encoding.
    package func setMouse(_ on: Bool) {
        guard on != mouseOn else { return }
        mouseOn = on
        // Curses must not take the report's start for its own mouse key.
        keyok(KEY_MOUSE, on ? false : true)
        emit(Array((on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l").utf8))
    }

    /// Asks the terminal to say when it gains and loses focus (alerts are for when the user looks away)
    /// and to mark pasted text (a paste with line breaks is one paste, not keys). Only on a real terminal:
    /// a benchmark's screen is a file.
    package func setReports(_ on: Bool) {
        guard ownedOutput == nil, on != reportsOn else { return }
        reportsOn = on
        writeReports(on)
    }

    private func writeReports(_ on: Bool) {
        guard reportsOn else { return }
        emit(Array((on ? "\u{1B}[?1004h\u{1B}[?2004h" : "\u{1B}[?2004l\u{1B}[?1004l").utf8))
    }
}

package struct ScreenError: Error, CustomStringConvertible {
    package var description: String
}
