import Foundation
import TernModel

/// A colour as the UI asks for it; `Screen` resolves it for what the terminal can show.
package enum TerminalColor: Sendable, Hashable {
    case `default`
    /// 0–15: the terminal's own palette (named colours); 16–255: the xterm 256-colour cube and greys.
    case index(Int)
    case rgb(UInt32)

    /// A cell colour as chafa reports it: packed 0xRRGGBB in an RGB grid, a pen 0–255 in an indexed one.
    /// Negative values (transparent) and chafa's special pens above 255 are the terminal's default colour.
    package init(cell value: Int32, in space: CellGrid.ColorSpace) {
        switch space {
        case .rgb: self = value < 0 ? .default : .rgb(UInt32(value) & 0xFFFFFF)
        case .indexed: self = (0...255).contains(value) ? .index(Int(value)) : .default
        case .none: self = .default
        }
    }

    /// The same colour with every value in range: indices outside 0–255 become the default colour, and
    /// RGB keeps its low 24 bits. Everything that turns a colour into numbers for curses starts here.
    var normalized: TerminalColor {
        switch self {
        case .default: return .default
        case .index(let i): return (0...255).contains(i) ? self : .default
        case .rgb(let v): return .rgb(v & 0xFFFFFF)
        }
    }

    /// The 16 named colours, as index values.
    package static let names: [String: Int] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "bright-black": 8, "grey": 8, "gray": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
        "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// Parses "default", a colour name, a number 0–255, or "#rrggbb".
    package init?(parsing s: String) {
        let v = s.trimmingCharacters(in: .whitespaces).lowercased()
        if v == "default" || v.isEmpty { self = .default; return }
        if let n = Self.names[v] { self = .index(n); return }
        if let n = Int(v), (0...255).contains(n) { self = .index(n); return }
        if v.hasPrefix("#"), v.count == 7, let n = UInt32(v.dropFirst(), radix: 16) { self = .rgb(n); return }
        return nil
    }

    /// Approximate RGB of palette entries, for terminals that take RGB only.
    static func rgb(ofIndex index: Int) -> UInt32 {
        let i = min(max(index, 0), 255)
        let basic: [UInt32] = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                               0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
        if i < 16 { return basic[i] }
        if i < 232 {
            let n = i - 16
            let steps: [UInt32] = [0, 95, 135, 175, 215, 255]
            return steps[n / 36] << 16 | steps[(n / 6) % 6] << 8 | steps[n % 6]
        }
        let g = UInt32(8 + (i - 232) * 10)
        return g << 16 | g << 8 | g
    }

    /// The nearest xterm-256 index to an RGB value (cube or grey ramp).
    static func index256(ofRGB c: UInt32) -> Int {
        let r = Int(c >> 16 & 0xFF), g = Int(c >> 8 & 0xFF), b = Int(c & 0xFF)
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let avg = (r + g + b) / 3
        let grey = 232 + min(23, max(0, (avg - 3) / 10))
        func dist(_ i: Int) -> Int {
            let x = rgb(ofIndex: i)
            let dr = Int(x >> 16 & 0xFF) - r, dg = Int(x >> 8 & 0xFF) - g, db = Int(x & 0xFF) - b
            return dr * dr + dg * dg + db * db
        }
        return dist(grey) < dist(cube) ? grey : cube
    }

    /// The nearest of the first `count` (8 or 16) palette colours.
    static func indexBasic(ofRGB c: UInt32, count: Int) -> Int {
        var best = 0, bestDist = Int.max
        for i in 0..<count {
            let x = rgb(ofIndex: i)
            let dr = Int(x >> 16 & 0xFF) - Int(c >> 16 & 0xFF)
            let dg = Int(x >> 8 & 0xFF) - Int(c >> 8 & 0xFF)
            let db = Int(x & 0xFF) - Int(c & 0xFF)
            let d = dr * dr + dg * dg + db * db
            if d < bestDist { best = i; bestDist = d }
        }
        return best
    }
}

/// What the terminal can show, from its terminfo and the environment (`NO_COLOR`, `COLORTERM`).
package enum ColorMode: Sendable, Hashable {
    case direct
    case indexed256
    case indexed16
    case indexed8
    case monochrome

    /// The mode for what the user chose, the colours terminfo counts, whether terminfo has the `RGB` or
    /// `Tc` flag, and the environment. Auto takes terminfo's count, raised to direct colour where the
    /// terminal says it has it (`COLORTERM=truecolor` or `24bit`, as alacritty, foot, GNOME Terminal and
    /// xfce4-terminal set, or the flag); `NO_COLOR` means none. `terminalType`: the entry read, where it
    /// counts fewer colours than its terminal draws. Pure.
    package static func choose(_ choice: ColorChoice, terminfoColors: Int, truecolorFlag: Bool,
                              environment: [String: String], terminalType: String? = nil) -> ColorMode {
        if let no = environment["NO_COLOR"], !no.isEmpty { return .monochrome }
        switch choice {
        case .truecolor: return .direct
        case .c256: return .indexed256
        case .c16: return .indexed16
        case .c8: return .indexed8
        case .mono: return .monochrome
        case .auto: break
        }
        guard terminfoColors >= 8 else { return .monochrome }
        // mlterm sets TERM=mlterm, an entry of 8 colours, and draws 256 (its own mlterm-256color entry says
        // so): in 8, every blurred preview and every sixel picture cut by the list's edge was crude symbols.
        var terminfoColors = terminfoColors
        if terminalType == "mlterm" { terminfoColors = max(terminfoColors, 256) }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if terminfoColors >= 0x1000000 || truecolorFlag || colorterm == "truecolor" || colorterm == "24bit" { return .direct }
        return terminfoColors >= 256 ? .indexed256 : terminfoColors >= 16 ? .indexed16 : .indexed8
    }
}

/// The colours the user asked for (`colors` in the config, `--colors`).
package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, truecolor, c256 = "256", c16 = "16", c8 = "8", mono
}

/// How a run of text looks.
package struct TextStyle: Sendable, Hashable {
    package var foreground: TerminalColor
    package var background: TerminalColor
    package var bold: Bool
    package var dim: Bool
    package var italic: Bool
    package var underline: Bool
    package var reverse: Bool

    package init(foreground: TerminalColor = .default, background: TerminalColor = .default, bold: Bool = false,
                dim: Bool = false, italic: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    package static let plain = TextStyle()
}
