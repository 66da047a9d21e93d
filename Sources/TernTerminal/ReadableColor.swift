import Foundation

/// Text colours kept readable on the terminal's background. A theme names colours once, for any terminal,
/// but the same name is a different colour in 8, 16, 256 and 24-bit palettes and on light or dark
/// backgrounds: Debian's xterm (8 colours, white background) drew handles and times yellow on white, st
/// and xfce4-terminal drew links dark blue on black. A colour that would show with less than WCAG's 4.5:1
/// contrast for body text is moved until it has it: towards black or white where the palette is rich, to
/// the nearest readable palette colour where it has 8 or 16, and to the terminal's own foreground for a
/// grey that has no readable match.
enum ReadableColor {
    /// WCAG's contrast for body text.
    static let target = 4.5

    /// The colour code to draw `foreground` with on `background` (0xRRGGBB) in `mode`.
    static func code(_ foreground: TerminalColor, on background: UInt32, mode: ColorMode,
                     code: (TerminalColor, ColorMode) -> UInt32) -> UInt32 {
        let first = code(foreground, mode)
        guard let shown = rgb(ofCode: first), contrast(shown, background) < target else { return first }
        let wanted: UInt32
        switch foreground.normalized {
        case .default: return first
        case .index(let i): wanted = TerminalColor.rgb(ofIndex: i)
        case .rgb(let v): wanted = v
        }
        switch mode {
        case .monochrome: return first
        case .direct, .indexed256:
            // Mixed towards black on a light background, white on a dark one, a tenth at a time.
            let towards: UInt32 = luminance(background) > 0.18 ? 0x000000 : 0xFFFFFF
            for step in 1...10 {
                let c = code(.rgb(mix(wanted, towards, Double(step) / 10)), mode)
                if let s = rgb(ofCode: c), contrast(s, background) >= target { return c }
            }
            return 0
        case .indexed16, .indexed8:
            let count = mode == .indexed16 ? 16 : 8
            // A grey has no hue to keep: the terminal's own foreground is made to be read on its background.
            let r = Int(wanted >> 16 & 0xFF), g = Int(wanted >> 8 & 0xFF), b = Int(wanted & 0xFF)
            guard max(r, g, b) - min(r, g, b) > 48 else { return 0 }
            let readable = (0..<count).filter { contrast(TerminalColor.rgb(ofIndex: $0), background) >= target }
            guard let best = readable.min(by: { distance(TerminalColor.rgb(ofIndex: $0), wanted) < distance(TerminalColor.rgb(ofIndex: $1), wanted) })
            else { return 0 }
            return code(.index(best), mode)
        }
    }

    /// The RGB a colour code shows as (the xterm palette's values for palette entries); nil for the default.
    static func rgb(ofCode code: UInt32) -> UInt32? {
        switch code >> 24 {
        case 1: return TerminalColor.rgb(ofIndex: Int(code & 0xFF))
        case 2: return code & 0xFF_FFFF
        default: return nil
        }
    }

    /// WCAG's relative luminance of an sRGB colour.
    static func luminance(_ c: UInt32) -> Double {
        func channel(_ v: UInt32) -> Double {
            let s = Double(v & 0xFF) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c >> 16) + 0.7152 * channel(c >> 8) + 0.0722 * channel(c)
    }

    /// WCAG's contrast ratio, 1 to 21.
    static func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        let x = luminance(a), y = luminance(b)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func mix(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
        func channel(_ shift: UInt32) -> UInt32 {
            let x = Double(a >> shift & 0xFF), y = Double(b >> shift & 0xFF)
            return UInt32((x + (y - x) * t).rounded()) << shift
        }
        return channel(16) | channel(8) | channel(0)
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF), dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
