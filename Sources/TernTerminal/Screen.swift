import CNcursesw
import Foundation
import TernModel

/// The curses screen: the only owner of ncursesw state. Not Sendable; it lives on the UI loop's thread.
/// Drawing goes to curses' virtual screen; `update()` sends only what changed to the terminal.
public final class Screen {
    public private(set) var colorMode: ColorMode
    private let terminal: OpaquePointer
    private let ownedOutput: UnsafeMutablePointer<FILE>?
    private let ownedInput: UnsafeMutablePointer<FILE>?
    private var pairCache: [Int64: Int32] = [:]
    private var closed = false
    private var mouseOn = false
    let outputFile: UnsafeMutablePointer<FILE>
    /// Pictures drawn as pixels at the cursor (sixel, iTerm2): this frame's and what the terminal shows.
    var pictures = InlinePictures()

    /// Starts curses on the process's terminal (`output` nil), or, for benchmarks, on a file with a given
    /// terminal type and size.
    public init(terminalType: String? = nil, output: String? = nil, size: (rows: Int, columns: Int)? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        _ = TerminalLocale.ready
        var out = tern_stdout(), inp = tern_stdin()
        if let output {
            guard let o = fopen(output, "w"), let i = fopen("/dev/null", "r") else {
                throw ScreenError(description: "cannot open \(output)")
            }
            out = o; inp = i
            ownedOutput = o; ownedInput = i
        } else {
            ownedOutput = nil; ownedInput = nil
        }
        let type = terminalType ?? environment["TERM"]
        guard let term = newterm(type, out, inp) else {
            throw ScreenError(description: "this terminal (TERM=\(type ?? "unset")) is not known to curses")
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
        nodelay(tern_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        colorMode = .monochrome
        if has_colors(), environment["NO_COLOR"].map({ $0.isEmpty }) ?? true {
            start_color()
            use_default_colors()
            let colors = tern_colors()
            colorMode = colors >= 0x1000000 ? .direct : colors >= 256 ? .indexed256 : colors >= 16 ? .indexed16 : colors >= 8 ? .indexed8 : .monochrome
        }
    }

    deinit { close() }

    /// Leaves curses and restores the terminal as it was.
    public func close() {
        guard !closed else { return }
        closed = true
        setMouse(false)
        endwin()
        delscreen(terminal)
        if let ownedOutput { fclose(ownedOutput) }
        if let ownedInput { fclose(ownedInput) }
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
    public func suspend() {
        setMouse(false)
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back after `suspend()` and repaints everything.
    public func resume(mouse: Bool) {
        reset_prog_mode()
        clearok(tern_stdscr(), true)
        refresh()
        setMouse(mouse)
    }

    public var rows: Int { Int(tern_lines()) }
    public var columns: Int { Int(tern_cols()) }

    // MARK: Input

    /// Turns xterm SGR mouse reporting (presses and the wheel) on or off. Tern reads the reports itself
    /// rather than through curses, whose terminfo entries for tmux and screen only know the old encoding.
    public func setMouse(_ on: Bool) {
        guard on != mouseOn else { return }
        mouseOn = on
        // Curses must not take the report's start for its own mouse key.
        keyok(KEY_MOUSE, on ? false : true)
        fputs(on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l", outputFile)
        fflush(outputFile)
    }

    /// Whether keys are waiting to be read (on the terminal; curses' own buffer is read before it blocks).
    public var keysWaiting: Bool {
        var fd = pollfd(fd: fileno(ownedInput ?? tern_stdin()), events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }

    /// Gives back keys read outside curses (typed while the terminal was being asked what it can show),
    /// so they are read next, in order.
    public func unread(_ bytes: [UInt8]) {
        for b in bytes.reversed() { ungetch(Int32(b)) }
    }

    /// The next key if one is waiting, else nil. Never blocks.
    public func readKey() -> Key? {
        guard let (value, isFunction) = readRaw() else { return nil }
        let key = Key.decode(value, isFunctionKey: isFunction)
        if key == .escape, mouseOn { return readMouseReport() ?? .escape }
        return key
    }

    private func readRaw() -> (wint_t, Bool)? {
        var value: wint_t = 0
        let rc = wget_wch(tern_stdscr(), &value)
        if rc == tern_err() { return nil }
        return (value, rc == KEY_CODE_YES)
    }

    /// After an Escape: the rest of an SGR mouse report if one follows, else nil with what was read put back.
    private func readMouseReport() -> Key? {
        var taken: [wint_t] = []
        func next() -> wint_t? {
            guard let (v, isFunction) = readRaw() else { return nil }
            if isFunction { _ = unget_wch(wchar_t(v)); return nil }
            taken.append(v)
            return v
        }
        guard next() == 0x5B, next() == 0x3C else {
            for v in taken.reversed() { unget_wch(wchar_t(v)) }
            return nil
        }
        var body = ""
        while body.count < 24, let v = next(), let scalar = Unicode.Scalar(UInt32(v)) {
            body.unicodeScalars.append(scalar)
            if scalar == "M" || scalar == "m" { break }
        }
        // A release, motion or a broken report is swallowed: it was not a key.
        return MouseEvent.sgr(body).map(Key.mouse) ?? .other(-1)
    }

    // MARK: Drawing

    /// Starts a frame: a blank screen, and no pictures placed yet.
    public func erase() {
        werase(tern_stdscr())
        pictures.begin()
    }

    /// Forces the next update to repaint everything (after a resize, or to measure a full frame).
    public func invalidate() {
        clearok(tern_stdscr(), true)
        pictures.forgetShown()
    }

    /// Sends the changes of this frame to the terminal in one write, then the pictures drawn at the cursor
    /// that are new or moved.
    public func update() {
        let redraw = pictures.linesToRepaint()
        for lines in redraw { wredrawln(tern_stdscr(), Int32(lines.lowerBound), Int32(lines.count)) }
        wnoutrefresh(tern_stdscr())
        doupdate()
        emitPictures(repainted: redraw)
    }

    /// Draws text at a position, cut at the right edge of the screen. Returns the columns used.
    @discardableResult
    public func draw(_ text: SafeText, row: Int, column: Int, style: TextStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < rows, column < columns else { return 0 }
        let limit = min(maxWidth ?? Int.max, columns - column)
        guard limit > 0 else { return 0 }
        let (shown, width) = DisplayWidth.prefix(text.string, fitting: limit)
        var chars = shown.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        guard !chars.isEmpty else { return 0 }
        chars.append(0)
        tern_attr_set(tern_stdscr(), attributes(style), pair(style.foreground, style.background))
        mvwaddnwstr(tern_stdscr(), Int32(row), Int32(column), chars, Int32(chars.count - 1))
        tern_attr_set(tern_stdscr(), tern_a_normal(), 0)
        return width
    }

    /// Fills `width` columns of a row with spaces in a style (for bars and highlights).
    public func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        guard row >= 0, row < rows, width > 0 else { return }
        draw(SafeText(String(repeating: " ", count: min(width, columns))), row: row, column: column, style: style)
    }

    /// Draws a picture's cells with its top-left at (row, column); rows outside `visibleRows` are skipped.
    public func draw(_ grid: CellGrid, row: Int, column: Int, visibleRows: Range<Int>) {
        var chars: [wchar_t] = [0, 0]
        for y in 0..<grid.height {
            let r = row + y
            guard visibleRows.contains(r), r >= 0, r < rows else { continue }
            for x in 0..<grid.width {
                let c = column + x
                guard c >= 0, c < columns else { continue }
                let cell = grid[x, y]
                chars[0] = wchar_t(bitPattern: cell.character.value)
                let p = grid.colorSpace == .none ? 0
                    : pair(TerminalColor(cell: cell.foreground, in: grid.colorSpace),
                           TerminalColor(cell: cell.background, in: grid.colorSpace))
                tern_put_cell(tern_stdscr(), Int32(r), Int32(c), chars, tern_a_normal(), p)
            }
        }
    }

    // MARK: Colours

    private func attributes(_ s: TextStyle) -> attr_t {
        var a = tern_a_normal()
        if s.bold { a |= tern_a_bold() }
        if s.dim { a |= tern_a_dim() }
        if s.italic { a |= tern_a_italic() }
        if s.underline { a |= tern_a_underline() }
        if s.reverse || (colorMode == .monochrome && s.background != .default) { a |= tern_a_reverse() }
        return a
    }

    /// A colour value curses understands in the current mode; -1 is the default colour. Total: any value a
    /// theme, chafa or a caller hands in maps to something curses accepts, never to a trap.
    func resolve(_ c: TerminalColor) -> Int32 {
        switch (c.normalized, colorMode) {
        case (.default, _), (_, .monochrome): return -1
        case (.index(let i), .direct):
            // In direct mode 0–7 are palette slots; 8 and up are RGB values, so bright names need RGB.
            return i < 8 ? Int32(i) : Int32(liftRGB(TerminalColor.rgb(ofIndex: i)))
        case (.index(let i), .indexed256): return Int32(i)
        case (.index(let i), .indexed16): return Int32(i < 16 ? i : TerminalColor.indexBasic(ofRGB: TerminalColor.rgb(ofIndex: i), count: 16))
        case (.index(let i), .indexed8): return Int32(i < 8 ? i : TerminalColor.indexBasic(ofRGB: TerminalColor.rgb(ofIndex: i), count: 8))
        case (.rgb(let v), .direct): return Int32(liftRGB(v))
        case (.rgb(let v), .indexed256): return Int32(TerminalColor.index256(ofRGB: v))
        case (.rgb(let v), .indexed16): return Int32(TerminalColor.indexBasic(ofRGB: v, count: 16))
        case (.rgb(let v), .indexed8): return Int32(TerminalColor.indexBasic(ofRGB: v, count: 8))
        }
    }

    /// RGB values 0–7 would be read as palette slots in direct mode: lift them to 8 (still black to the eye).
    /// `v` is at most 0xFFFFFF here (`normalized`), so it always fits an Int32.
    private func liftRGB(_ v: UInt32) -> UInt32 { v < 8 ? 8 : v }

    func pair(_ fg: TerminalColor, _ bg: TerminalColor) -> Int32 {
        if colorMode == .monochrome || (fg == .default && bg == .default) { return 0 }
        let f = resolve(fg), b = resolve(bg)
        let key = Int64(f) << 32 | Int64(UInt32(bitPattern: b))
        if let p = pairCache[key] { return p }
        let p = alloc_pair(f, b)
        guard p > 0 else { return 0 }
        // Pairs are recycled by curses once all are used; drop our memo then so no stale pair is reused.
        if pairCache.count >= Int(tern_color_pairs()) - 16 { pairCache.removeAll() }
        pairCache[key] = p
        return p
    }
}

public struct ScreenError: Error, CustomStringConvertible {
    public var description: String
}
