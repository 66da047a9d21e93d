import CNcursesw

/// A decoded keystroke.
package enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case resize
    /// A mouse event (xterm SGR reporting), when mouse reporting is on.
    case mouse(MouseEvent)
    /// The terminal gained (true) or lost the keyboard's focus (focus reporting, `CSI ? 1004 h`).
    case focus(Bool)
    /// Text pasted at once (bracketed paste, `CSI ? 2004 h`): one event, never keystrokes.
    case paste(String)
    case other(Int32)

    static func decode(_ value: wint_t, isFunctionKey: Bool) -> Key {
        let v = Int32(bitPattern: value)
        if isFunctionKey {
            switch v {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            case tern_key_resize(): return .resize
            default: return .other(v)
            }
        }
        switch v {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return .other(v) }
            return .character(Character(scalar))
        }
    }
}

/// A mouse event: a press or a wheel step at a cell (0-based row and column of the screen).
package struct MouseEvent: Sendable, Hashable {
    package enum Button: Sendable, Hashable {
        case left, middle, right, wheelUp, wheelDown
    }

    package var button: Button
    package var row: Int
    package var column: Int

    package init(button: Button, row: Int, column: Int) {
        self.button = button
        self.row = row
        self.column = column
    }

    /// Parses the body of an SGR report, `ESC [ <` then `b;x;yM` (press) or `b;x;ym` (release).
    /// Releases and motion are not events here: nil.
    package static func sgr(_ body: String) -> MouseEvent? {
        guard let final = body.last, final == "M" else { return nil }
        let parts = body.dropLast().split(separator: ";").map { Int($0) }
        guard parts.count == 3, let b = parts[0], let x = parts[1], let y = parts[2], x >= 1, y >= 1 else { return nil }
        // Bit 5 is motion; bits 2-4 are modifiers; 64 and 65 are the wheel.
        if b & 32 != 0 { return nil }
        let button: Button
        switch b & ~28 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: return nil
        }
        return MouseEvent(button: button, row: y - 1, column: x - 1)
    }
}
