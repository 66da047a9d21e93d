import TernModel
import Foundation

/// Draws the colourful, recognisable patterns of demo images into RGB buffers. The pattern is a function of
/// normalised coordinates, so a preview is the same picture as its original, only smaller.
enum PatternRenderer {
    /// Where a picture's subject is, as Mastodon's `meta.focus` says it (x -1 left to 1 right, y -1 bottom
    /// to 1 top): the sun of a landscape, the centre of rings; nil for patterns without one.
    static func subject(_ spec: ImageSpec) -> (x: Double, y: Double)? {
        var rng = SeededRandom(seed: spec.seed)
        // The same draws as `render`, in the same order.
        _ = Double.random(in: 0..<1, using: &rng)
        _ = Double.random(in: 0.25...0.6, using: &rng)
        let cx = Double.random(in: 0.25...0.75, using: &rng), cy = Double.random(in: 0.25...0.75, using: &rng)
        switch spec.pattern {
        case .landscape: return (cx * 2 - 1, 1 - 0.3 * 2)
        case .rings: return (cx * 2 - 1, 1 - cy * 2)
        case .stripes, .tiles, .plasma: return nil
        }
    }

    /// RGB, 3 bytes a pixel, row-major.
    static func render(_ spec: ImageSpec) -> [UInt8] {
        var rng = SeededRandom(seed: spec.seed)
        let hueA = Double.random(in: 0..<1, using: &rng)
        let hueB = (hueA + Double.random(in: 0.25...0.6, using: &rng)).truncatingRemainder(dividingBy: 1)
        let cx = Double.random(in: 0.25...0.75, using: &rng), cy = Double.random(in: 0.25...0.75, using: &rng)
        let freq = Double.random(in: 6...14, using: &rng)
        let w = spec.width, h = spec.height
        var out = [UInt8](repeating: 0, count: w * h * 3)
        let invW = 1.0 / Double(w), invH = 1.0 / Double(h)
        let aspect = Double(w) / Double(h)
        out.withUnsafeMutableBufferPointer { buf in
            for y in 0..<h {
                let v = Double(y) * invH
                for x in 0..<w {
                    let u = Double(x) * invW
                    var (r, g, b) = color(spec.pattern, u: u, v: v, aspect: aspect, hueA: hueA, hueB: hueB,
                                          cx: cx, cy: cy, freq: freq)
                    if spec.photoLike {
                        let n = Double(noise(x, y, spec.seed) & 31) - 16
                        r += n; g += n; b += n
                    }
                    let i = (y * w + x) * 3
                    buf[i] = clamp(r); buf[i + 1] = clamp(g); buf[i + 2] = clamp(b)
                }
            }
        }
        return out
    }

    /// Colour at one normalised point, 0...255 per channel.
    static func color(_ pattern: ImageSpec.Pattern, u: Double, v: Double, aspect: Double, hueA: Double,
                      hueB: Double, cx: Double, cy: Double, freq: Double) -> (Double, Double, Double) {
        switch pattern {
        case .rings:
            let d = ((u - cx) * (u - cx) * aspect * aspect + (v - cy) * (v - cy)).squareRoot()
            let band = Int(d * freq)
            return hsv(band.isMultiple(of: 2) ? hueA : hueB + d * 0.3, 0.75, 0.95 - d * 0.4)
        case .stripes:
            let t = (u * aspect + v) * freq * 0.5
            let band = Int(t.rounded(.down)) % 3
            return hsv(band == 0 ? hueA : band == 1 ? hueB : (hueA + hueB) / 2, 0.7, 0.9)
        case .tiles:
            let tx = Int(u * freq * 0.6 * aspect), ty = Int(v * freq * 0.6)
            let hue = (hueA + Double((tx * 7 + ty * 13) % 11) / 11.0).truncatingRemainder(dividingBy: 1)
            let edge = (u * freq * 0.6 * aspect).truncatingRemainder(dividingBy: 1) < 0.06
                || (v * freq * 0.6).truncatingRemainder(dividingBy: 1) < 0.06
            return edge ? (30, 30, 40) : hsv(hue, 0.65, 0.92)
        case .landscape:
            let horizon = 0.62 + 0.08 * sin(u * 9 + hueA * 6) + 0.04 * sin(u * 23 + hueB * 5)
            let sun = ((u - cx) * (u - cx) * aspect * aspect + (v - 0.3) * (v - 0.3)).squareRoot()
            if v > horizon { return hsv(0.33 + hueA * 0.1, 0.6, 0.55 - (v - horizon) * 0.5) }
            if sun < 0.09 { return (255, 214, 90) }
            return hsv(0.55 + 0.1 * hueB - v * 0.15, 0.5 + v * 0.4, 0.98 - v * 0.2)
        case .plasma:
            let s = sin(u * freq) + sin(v * freq * 0.8 + hueA * 6) + sin((u + v) * freq * 0.6)
                + sin(((u - cx) * (u - cx) + (v - cy) * (v - cy)).squareRoot() * freq * 1.4)
            return hsv((hueA + s * 0.08 + 1).truncatingRemainder(dividingBy: 1), 0.8, 0.9)
        }
    }

    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let hh = (h - h.rounded(.down)) * 6
        let i = Int(hh), f = hh - Double(i)
        let vv = max(0, min(1, v)) * 255, ss = max(0, min(1, s))
        let p = vv * (1 - ss), q = vv * (1 - ss * f), t = vv * (1 - ss * (1 - f))
        switch i % 6 {
        case 0: return (vv, t, p)
        case 1: return (q, vv, p)
        case 2: return (p, vv, t)
        case 3: return (p, q, vv)
        case 4: return (t, p, vv)
        default: return (vv, p, q)
        }
    }

    @inline(__always) static func noise(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: y) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
        z = (z ^ (z >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 32)
    }

    @inline(__always) static func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v))) }
}
