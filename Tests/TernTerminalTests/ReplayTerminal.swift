@testable import TernTerminal

/// A small terminal that replays bytes the way xterm does for the sequences `FrameWriter` may send, and
/// fails on anything else: so a test can say what a real terminal would show after a frame.
struct ReplayTerminal {
    var screen: ScreenBuffer
    var row = 0, column = 0
    var pendingWrap = false
    var pen = CellLook.plain
    /// The hyperlink open (OSC 8), by the number its id carries; 0: none. Not part of the pen: SGR 0 leaves it.
    var link: UInt32 = 0
    /// Each hyperlink's URI, by number, as sent.
    var uris: [UInt32: String] = [:]
    var top = 0, bottom: Int
    var unknown: [String] = []

    init(rows: Int, columns: Int) {
        screen = ScreenBuffer(rows: rows, columns: columns, filling: .unknown)
        bottom = rows - 1
    }

    mutating func feed(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}" {
                i += 1
                guard i < scalars.count else { unknown.append("ESC at end"); return }
                if scalars[i] == "M" { reverseIndex(); i += 1; continue }
                if scalars[i] == "]" {
                    var body = ""
                    i += 1
                    while i + 1 < scalars.count, !(scalars[i] == "\u{1B}" && scalars[i + 1] == "\\") { body.unicodeScalars.append(scalars[i]); i += 1 }
                    guard i + 1 < scalars.count else { unknown.append("OSC at end"); return }
                    i += 2
                    osc(body)
                    continue
                }
                guard scalars[i] == "[" else { unknown.append("ESC \(scalars[i])"); i += 1; continue }
                i += 1
                var params = ""
                while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) { params.unicodeScalars.append(scalars[i]); i += 1 }
                guard i < scalars.count else { unknown.append("CSI at end"); return }
                csi(params, scalars[i])
                i += 1
            } else if s == "\n" {
                index()
                i += 1
            } else if s == "\r" {
                column = 0; pendingWrap = false
                i += 1
            } else {
                put(s)
                i += 1
            }
        }
    }

    /// OSC 8 only: `8;id=tN;URI` opens link N, `8;;` closes it.
    private mutating func osc(_ body: String) {
        let parts = body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "8" else { unknown.append("OSC \(body)"); return }
        if parts[2].isEmpty { link = 0; return }
        guard parts[1].hasPrefix("id=t"), let n = UInt32(parts[1].dropFirst(4)), n > 0 else { unknown.append("OSC \(body)"); return }
        if let known = uris[n], known != parts[2] { unknown.append("link \(n) was \(known), now \(parts[2])") }
        uris[n] = String(parts[2])
        link = n
    }

    private mutating func index() {
        pendingWrap = false
        if row == bottom { screen.scroll(top...bottom, by: -1) } else if row < screen.rows - 1 { row += 1 }
    }

    private mutating func reverseIndex() {
        pendingWrap = false
        if row == top { screen.scroll(top...bottom, by: 1) } else if row > 0 { row -= 1 }
    }

    private mutating func put(_ s: Unicode.Scalar) {
        let w = DisplayWidth.of(scalar: s)
        if w == 0 {
            var at = pendingWrap ? column : column - 1
            // A mark after a wide character belongs to the character, not to its right half.
            if at > 0, screen[row, at].isWideTail { at -= 1 }
            if at >= 0 { var c = screen[row, at]; _ = c.addMark(s.value); screen[row, at] = c }
            return
        }
        if pendingWrap || column + w > screen.columns {
            column = 0
            index()
        }
        var look = pen
        look.attributes |= link << CellLook.linkShift
        screen[row, column] = ScreenCell(base: s.value, look: look)
        if w == 2 { screen[row, column + 1] = ScreenCell(base: 0, look: look) }
        if column + w >= screen.columns { column = screen.columns - 1; pendingWrap = true } else { column += w }
    }

    private mutating func csi(_ params: String, _ final: Unicode.Scalar) {
        let n = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            row = max(0, min(screen.rows - 1, (n.first ?? 1) - 1))
            column = max(0, min(screen.columns - 1, (n.count > 1 ? n[1] : 1) - 1))
            if params.isEmpty { row = 0; column = 0 }
            pendingWrap = false
        case "K" where params.isEmpty:
            for c in column..<screen.columns { screen[row, c] = ScreenCell(base: 0x20, look: CellLook(background: pen.background)) }
            pendingWrap = false
        case "J" where params.isEmpty || n == [0]:
            for c in column..<screen.columns { screen[row, c] = ScreenCell(base: 0x20, look: CellLook(background: pen.background)) }
            for r in (row + 1)..<max(row + 1, screen.rows) { screen.setRow(r, to: ScreenCell(base: 0x20, look: CellLook(background: pen.background))) }
            pendingWrap = false
        case "J" where n == [2]:
            for r in 0..<screen.rows { screen.setRow(r, to: ScreenCell(base: 0x20, look: CellLook(background: pen.background))) }
        case "r":
            top = params.isEmpty ? 0 : n[0] - 1
            bottom = params.isEmpty ? screen.rows - 1 : n[1] - 1
            row = 0; column = 0; pendingWrap = false
        case "m":
            sgr(params.isEmpty ? [0] : n)
        default:
            unknown.append("CSI \(params)\(final)")
        }
    }

    private mutating func sgr(_ n: [Int]) {
        var k = 0
        while k < n.count {
            let p = n[k]
            switch p {
            case 0: pen = .plain
            case 1: pen.attributes |= CellLook.bold
            case 2: pen.attributes |= CellLook.dim
            case 3: pen.attributes |= CellLook.italic
            case 4: pen.attributes |= CellLook.underline
            case 7: pen.attributes |= CellLook.reverse
            case 30...37: pen.foreground = CellLook.palette(p - 30)
            case 90...97: pen.foreground = CellLook.palette(p - 90 + 8)
            case 40...47: pen.background = CellLook.palette(p - 40)
            case 100...107: pen.background = CellLook.palette(p - 100 + 8)
            case 39: pen.foreground = 0
            case 49: pen.background = 0
            case 38, 48:
                let code: UInt32
                if k + 2 < n.count, n[k + 1] == 5 { code = CellLook.palette(n[k + 2]); k += 2 }
                else if k + 4 < n.count, n[k + 1] == 2 { code = CellLook.rgb(UInt32(n[k + 2] << 16 | n[k + 3] << 8 | n[k + 4])); k += 4 }
                else { unknown.append("SGR \(n)"); return }
                if p == 38 { pen.foreground = code } else { pen.background = code }
            default: unknown.append("SGR \(p)")
            }
            k += 1
        }
    }
}
