import CNcursesw

/// A decoded keystroke.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case resize
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
