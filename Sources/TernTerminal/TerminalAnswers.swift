import TernModel

/// What a terminal said about itself in answer to the start-up queries, read from the raw bytes it sent.
/// Pure, so scripted answers test it without a terminal.
package struct TerminalAnswers: Sendable, Equatable {
    /// kitty's graphics protocol answered our query with OK.
    package var kitty = false
    /// Primary device attributes list 4 (sixel graphics).
    package var sixel = false
    /// `CSI 6 ; height ; width t`.
    package var cellPixels: CellPixels?
    /// The text area's size in pixels, `CSI 4 ; height ; width t`: VTE answers this where it gives no cell size.
    package var windowPixels: CellPixels?
    /// The terminal's name and version (XTVERSION, `DCS > | text ST`), e.g. "kitty(0.26.5)" or "XTerm(379)".
    package var version: String?
    /// The largest sixel picture the terminal takes (XTSMGRAPHICS, `CSI ? 2 ; 0 ; width ; height S`).
    package var sixelLimit: CellPixels?
    /// The background colour, 0xRRGGBB (OSC 11, `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`).
    package var background: UInt32?
    /// The device attributes answer arrived: every answer to the queries before it has too.
    /// The terminal draws what comes between `CSI ? 2026 h` and `l` at once (synchronized output).
    package var synchronizedOutput = false
    package var complete = false
    /// Bytes that were no answer: keys the user typed meanwhile, to be handed back to curses.
    package var typed: [UInt8] = []

    package init() {}

    /// The id of our kitty query, so its answer is told from any other graphics answer.
    static let kittyQueryID = 31

    /// kitty's version from XTVERSION, where the terminal is kitty: (major, minor).
    package var kittyVersion: (major: Int, minor: Int)? {
        guard let v = version, v.hasPrefix("kitty(") else { return nil }
        let n = v.dropFirst(6).prefix { $0 != ")" }.split(separator: ".").compactMap { Int($0) }
        return n.count >= 2 ? (n[0], n[1]) : nil
    }

    /// Whether the terminal draws kitty's Unicode placeholder cells (U+10EEEE, `U=1`): kitty from 0.28 on.
    /// Older kitty answers the graphics query as if all were well, then draws each cell as a missing glyph.
    /// Konsole (22.04 on) answers the query and places pictures but draws no placeholders. Other terminals
    /// that answer the query (Ghostty) are taken at their word.
    package var kittyPlaceholders: Bool {
        if version?.hasPrefix("Konsole") == true { return false }
        guard let (major, minor) = kittyVersion else { return true }
        return (major, minor) >= (0, 28)
    }

    /// Reads every complete answer in `bytes`. Unknown or broken sequences are skipped.
    package mutating func read(_ bytes: [UInt8]) {
        typed = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count else { typed.append(bytes[i]); i += 1; continue }
            switch bytes[i + 1] {
            case UInt8(ascii: "]"):
                // OSC: the background's `11;rgb:ffff/ffff/ffff`; other answers are passed over.
                guard let (end, next) = Self.stringTerminator(bytes, from: i + 2) else { return }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix("11;rgb:") { background = Self.rgb(body.dropFirst(7)) ?? background }
                i = next
            case UInt8(ascii: "P"):
                // DCS: XTVERSION's `ESC P > | kitty(0.26.5) ESC \`; other answers are passed over.
                guard let (end, next) = Self.stringTerminator(bytes, from: i + 2) else { return }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix(">|") { version = String(body.dropFirst(2)) }
                i = next
            case UInt8(ascii: "_"):
                // APC: `ESC _ G i=31;OK ESC \`
                guard let (end, next) = Self.stringTerminator(bytes, from: i + 2) else { return }
                let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                if body.hasPrefix("G"), let semi = body.firstIndex(of: ";") {
                    let keys = body[body.index(after: body.startIndex)..<semi].split(separator: ",")
                    if keys.contains("i=\(Self.kittyQueryID)"), body[body.index(after: semi)...] == "OK" { kitty = true }
                }
                i = next
            case UInt8(ascii: "["):
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                guard j < bytes.count else { return }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                switch bytes[j] {
                case UInt8(ascii: "c") where params.hasPrefix("?"):
                    sixel = sixel || params.dropFirst().split(separator: ";").contains("4")
                    complete = true
                case UInt8(ascii: "t"):
                    let n = params.split(separator: ";").compactMap { Int($0) }
                    if n.count == 3, n[0] == 6, n[1] > 0, n[2] > 0 { cellPixels = CellPixels(width: n[2], height: n[1]) }
                    if n.count == 3, n[0] == 4, n[1] > 0, n[2] > 0 { windowPixels = CellPixels(width: n[2], height: n[1]) }
                case UInt8(ascii: "y") where params.hasPrefix("?2026;"):
                    // DECRQM's answer for synchronized output: 1 (set) or 2 (reset) means the terminal has it.
                    let state = params.dropFirst("?2026;".count).prefix { $0.isNumber }
                    synchronizedOutput = state == "1" || state == "2"
                case UInt8(ascii: "S") where params.hasPrefix("?"):
                    let n = params.dropFirst().split(separator: ";").compactMap { Int($0) }
                    if n.count == 4, n[0] == 2, n[1] == 0, n[2] > 0, n[3] > 0 { sixelLimit = CellPixels(width: n[2], height: n[3]) }
                default: break
                }
                i = j + 1
            default:
                typed.append(bytes[i])
                i += 1
            }
        }
    }

    /// X11's `RRRR/GGGG/BBBB` (1 to 4 hex digits a channel) as 0xRRGGBB.
    static func rgb(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: "/")
        guard parts.count == 3 else { return nil }
        var out: UInt32 = 0
        for p in parts {
            guard (1...4).contains(p.count), let v = UInt32(p, radix: 16) else { return nil }
            let top = UInt32(1) << (4 * UInt32(p.count)) - 1
            out = out << 8 | (v * 255 + top / 2) / top
        }
        return out
    }

    /// The background `COLORFGBG` names (rxvt's "15;0", "0;default;15"): black for a dark palette entry,
    /// white for a light one.
    package static func background(colorFGBG: String?) -> UInt32? {
        guard let last = colorFGBG?.split(separator: ";").last, let index = Int(last), (0...15).contains(index) else { return nil }
        return index == 7 || index >= 9 ? 0xFFFFFF : 0x000000
    }

    /// Where a string sequence's body ends (`ESC \` or BEL) and the next byte after it; nil while it hasn't arrived.
    private static func stringTerminator(_ b: [UInt8], from start: Int) -> (end: Int, next: Int)? {
        var k = start
        while k < b.count {
            if b[k] == 0x07 { return (k, k + 1) }
            if b[k] == 0x1B, k + 1 < b.count, b[k + 1] == UInt8(ascii: "\\") { return (k, k + 2) }
            k += 1
        }
        return nil
    }
}

/// tmux passes a sequence through to the terminal it runs in only when wrapped, and only with
/// `allow-passthrough` on.
package enum TmuxPassthrough {
    /// `ESC P tmux; <sequence with each ESC doubled> ESC \`
    package static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1B, UInt8(ascii: "P")] + Array("tmux;".utf8)
        out.reserveCapacity(sequence.count + 16)
        for b in sequence {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        return out + [0x1B, UInt8(ascii: "\\")]
    }
}
