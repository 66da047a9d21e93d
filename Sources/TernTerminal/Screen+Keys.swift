import CNcursesw
import Foundation
import Logging

/// Reading keys: curses decodes what the terminal's entry names; Tern adds the sequences terminals send
/// whatever TERM says, the reports it asked for (mouse, focus, paste), and drops any other sequence whole.
extension Screen {
    private static let logger = Logger(label: "tern.keys")

    /// Home, End and the other keys as terminals send them under a TERM whose entry names other bytes:
    /// tmux sends `ESC [ 1 ~` and `ESC [ 4 ~` for Home and End where xterm-256color's entry says `ESC O H`
    /// and `ESC O F`; rxvt sends `ESC [ 7 ~` and `ESC [ 8 ~`. An arrow, Home or End with Shift, Alt or Ctrl
    /// (`ESC [ 1 ; 5 A`) is the key alone: nothing in Tern tells them apart.
    static let keyVariants: [(sequence: String, key: Int32)] = {
        var variants: [(String, Int32)] = [
            ("[1~", KEY_HOME), ("[7~", KEY_HOME), ("[4~", KEY_END), ("[8~", KEY_END),
            ("[2~", KEY_IC), ("[3~", KEY_DC), ("[5~", KEY_PPAGE), ("[6~", KEY_NPAGE), ("[Z", KEY_BTAB),
        ]
        for (final, key) in [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME), ("F", KEY_END)] {
            variants += [("[" + final, key), ("O" + final, key)]
            variants += (2...8).map { ("[1;\($0)" + final, key) }
        }
        return variants.map { ("\u{1B}" + $0.0, $0.1) }
    }()

    /// Teaches curses `keyVariants` where this terminal's entry binds the bytes to nothing or to a key Tern
    /// has no name for; a sequence that starts a longer one the entry knows is left as it is.
    static func defineKeyVariants() {
        for (sequence, key) in keyVariants {
            let bound = key_defined(sequence)
            guard bound >= 0, bound != key else { continue }
            if bound > 0 { define_key(sequence, 0) }
            define_key(sequence, key)
        }
    }

    /// Whether keys are waiting to be read (on the terminal; curses' own buffer is read before it blocks).
    package var keysWaiting: Bool {
        var fd = pollfd(fd: fileno(ownedInput ?? tern_stdin()), events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }

    /// Gives back keys read outside curses (typed while the terminal was being asked what it can show),
    /// so they are read next, in order.
    package func unread(_ bytes: [UInt8]) {
        for b in bytes.reversed() { ungetch(Int32(b)) }
    }

    /// The next key if one is waiting, else nil. Never blocks.
    package func readKey() -> Key? {
        guard let (value, isFunction) = readRaw() else { return nil }
        let key = Key.decode(value, isFunctionKey: isFunction)
        // Curses resized its windows, which marks them changed: the next read would repaint its blank
        // screen over Tern's frame. Taking its screen as drawn (and not sending it) prevents that.
        if key == .resize { wnoutrefresh(tern_stdscr()) }
        if key == .escape { return readSequence() ?? .escape }
        return key
    }

    private func readRaw() -> (wint_t, Bool)? {
        var value: wint_t = 0
        let rc = wget_wch(tern_stdscr(), &value)
        if rc == tern_err() { return nil }
        return (value, rc == KEY_CODE_YES)
    }

    /// After an Escape, the bytes already there if they make a sequence (CSI or SS3): a mouse, focus or
    /// paste report; any other is a key curses does not know here and is dropped whole (`.other(-1)`), so
    /// it never arrives as an Escape (which closes screens) and characters (which run as keys). Else nil,
    /// with what was read put back: an Escape alone, or Alt with a key.
    private func readSequence() -> Key? {
        var taken: [(value: wint_t, isFunction: Bool)] = []
        func next() -> wint_t? {
            guard let (v, isFunction) = readRaw() else { return nil }
            taken.append((v, isFunction))
            return isFunction ? nil : v
        }
        func putBack() -> Key? {
            for t in taken.reversed() {
                if t.isFunction { ungetch(Int32(bitPattern: t.value)) } else { unget_wch(wchar_t(t.value)) }
            }
            return nil
        }
        let finals: ClosedRange<wint_t> = 0x40...0x7E
        switch next() {
        case 0x4F:
            guard let final = next(), finals.contains(final) else { return putBack() }
            return dropped(taken.map(\.value))
        case 0x5B:
            // Parameter bytes (0x30-0x3F), intermediate bytes (0x20-0x2F), then one final byte.
            var body = String.UnicodeScalarView()
            while body.count < 32, let v = next(), let scalar = Unicode.Scalar(UInt32(v)) {
                if finals.contains(v) {
                    body.append(scalar)
                    return sequence(String(body)) ?? dropped(taken.map(\.value))
                }
                guard (0x20...0x3F).contains(v) else { break }
                body.append(scalar)
            }
            return putBack()
        default:
            return putBack()
        }
    }

    /// A whole CSI sequence's body (what follows `ESC [`) as a report Tern asked for, or nil.
    private func sequence(_ body: String) -> Key? {
        if reportsOn, body == "I" || body == "O" { return .focus(body == "I") }
        if reportsOn, body == "200~" { return .paste(readPaste()) }
        // A release, motion or a broken report is swallowed: it was not a key.
        if mouseOn, body.hasPrefix("<") { return MouseEvent.sgr(String(body.dropFirst())).map(Key.mouse) ?? .other(-1) }
        return nil
    }

    private func dropped(_ values: [wint_t]) -> Key {
        let text = values.compactMap { Unicode.Scalar(UInt32($0)) }.map { $0.properties.generalCategory == .control ? "?" : String($0) }
        Self.logger.debug("Dropped a key sequence this terminal's entry does not name: ESC \(text.joined())")
        return .other(-1)
    }

    /// The text of a paste, up to its end mark (`CSI 201 ~`). A long paste may still be arriving: it is
    /// waited for a moment at a time; a paste that never ends is taken as it stands after 200 ms of silence.
    private func readPaste() -> String {
        let end = Array("\u{1B}[201~".unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        while scalars.count < 1 << 20 {
            guard let (v, isFunction) = readRaw() else {
                var fd = pollfd(fd: fileno(ownedInput ?? tern_stdin()), events: Int16(POLLIN), revents: 0)
                if poll(&fd, 1, 200) > 0 { continue }
                break
            }
            guard !isFunction, let scalar = Unicode.Scalar(UInt32(v)) else { continue }
            scalars.append(scalar)
            if scalars.count >= end.count, Array(scalars.suffix(end.count)) == end {
                scalars.removeLast(end.count)
                break
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
