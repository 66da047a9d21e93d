import Foundation

/// Blurhash (https://blurha.sh), as Mastodon uses it: decoding gives the placeholder a row shows until
/// its thumbnail arrives; encoding gives the demo server real hashes of its own pictures.
package enum Blurhash {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let values: [Int] = {
        var t = [Int](repeating: -1, count: 128)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = i }
        return t
    }()

    static func base83(_ s: ArraySlice<UInt8>) -> Int? {
        var v = 0
        for c in s {
            guard c < 128, values[Int(c)] >= 0 else { return nil }
            v = v * 83 + values[Int(c)]
        }
        return v
    }

    /// The colour components of a hash, linear RGB, row-major (x fastest). Nil for a malformed hash.
    package static func components(_ hash: String) -> (x: Int, y: Int, colors: [(Double, Double, Double)])? {
        let b = Array(hash.utf8)
        guard b.count >= 6, let size = base83(b[0..<1]) else { return nil }
        let nx = size % 9 + 1, ny = size / 9 + 1
        guard b.count == 4 + 2 * nx * ny, let q = base83(b[1..<2]), let dc = base83(b[2..<6]) else { return nil }
        let maxValue = Double(q + 1) / 166
        var colors = [(srgbToLinear(dc >> 16), srgbToLinear((dc >> 8) & 255), srgbToLinear(dc & 255))]
        for i in 1..<(nx * ny) {
            guard let v = base83(b[(4 + i * 2)..<(6 + i * 2)]) else { return nil }
            func ac(_ n: Int) -> Double { signPow((Double(n) - 9) / 9, 2) * maxValue }
            colors.append((ac(v / (19 * 19)), ac((v / 19) % 19), ac(v % 19)))
        }
        return (nx, ny, colors)
    }

    /// Renders a hash at `width`×`height` pixels. Nil for a malformed hash.
    package static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) -> RGBAImage? {
        guard width > 0, height > 0, let (nx, ny, colors) = components(hash) else { return nil }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        var cosX = [Double](repeating: 0, count: width * nx)
        var cosY = [Double](repeating: 0, count: height * ny)
        for x in 0..<width { for i in 0..<nx { cosX[x * nx + i] = cos(Double.pi * Double(x * i) / Double(width)) } }
        for y in 0..<height { for j in 0..<ny { cosY[y * ny + j] = cos(Double.pi * Double(y * j) / Double(height)) } }
        for y in 0..<height {
            for x in 0..<width {
                var r = 0.0, g = 0.0, b = 0.0
                for j in 0..<ny {
                    for i in 0..<nx {
                        let basis = cosX[x * nx + i] * cosY[y * ny + j]
                        let c = colors[j * nx + i]
                        let p = (i == 0 && j == 0) ? 1.0 : punch
                        r += c.0 * basis * p; g += c.1 * basis * p; b += c.2 * basis * p
                    }
                }
                let o = (y * width + x) * 4
                out[o] = UInt8(linearToSrgb(r)); out[o + 1] = UInt8(linearToSrgb(g)); out[o + 2] = UInt8(linearToSrgb(b))
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Encodes an RGB buffer (3 bytes a pixel) with `componentsX`×`componentsY` components (1–9 each).
    package static func encode(rgb: [UInt8], width: Int, height: Int, componentsX: Int = 4, componentsY: Int = 3) -> String {
        precondition((1...9).contains(componentsX) && (1...9).contains(componentsY) && rgb.count >= width * height * 3)
        var linear = [Double](repeating: 0, count: 256)
        for i in 0..<256 { linear[i] = srgbToLinear(i) }
        var factors: [(Double, Double, Double)] = []
        for j in 0..<componentsY {
            for i in 0..<componentsX {
                let norm: Double = (i == 0 && j == 0) ? 1 : 2
                var r = 0.0, g = 0.0, b = 0.0
                for y in 0..<height {
                    let cy = cos(Double.pi * Double(j) * Double(y) / Double(height))
                    for x in 0..<width {
                        let basis = norm * cos(Double.pi * Double(i) * Double(x) / Double(width)) * cy
                        let p = (y * width + x) * 3
                        r += basis * linear[Int(rgb[p])]
                        g += basis * linear[Int(rgb[p + 1])]
                        b += basis * linear[Int(rgb[p + 2])]
                    }
                }
                let scale = 1.0 / Double(width * height)
                factors.append((r * scale, g * scale, b * scale))
            }
        }
        var hash = base83((componentsX - 1) + (componentsY - 1) * 9, length: 1)
        let dc = factors[0]
        let ac = factors.dropFirst()
        var maxValue = 1.0
        if ac.isEmpty {
            hash += base83(0, length: 1)
        } else {
            let actualMax = ac.map { max(abs($0.0), abs($0.1), abs($0.2)) }.max() ?? 0
            let quantised = max(0, min(82, Int((actualMax * 166 - 0.5).rounded(.down))))
            maxValue = Double(quantised + 1) / 166
            hash += base83(quantised, length: 1)
        }
        hash += base83((linearToSrgb(dc.0) << 16) + (linearToSrgb(dc.1) << 8) + linearToSrgb(dc.2), length: 4)
        for f in ac {
            func q(_ v: Double) -> Int { max(0, min(18, Int((signPow(v / maxValue, 0.5) * 9 + 9.5).rounded(.down)))) }
            hash += base83(q(f.0) * 19 * 19 + q(f.1) * 19 + q(f.2), length: 2)
        }
        return hash
    }

    static func base83(_ value: Int, length: Int) -> String {
        var chars = [UInt8](repeating: 0, count: length)
        var v = value
        for i in stride(from: length - 1, through: 0, by: -1) {
            chars[i] = alphabet[v % 83]
            v /= 83
        }
        return String(decoding: chars, as: UTF8.self)
    }

    static func srgbToLinear(_ v: Int) -> Double {
        let x = Double(v) / 255
        return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }

    static func linearToSrgb(_ v: Double) -> Int {
        let x = max(0, min(1, v))
        return x <= 0.0031308 ? Int(x * 12.92 * 255 + 0.5) : Int((1.055 * pow(x, 1 / 2.4) - 0.055) * 255 + 0.5)
    }

    static func signPow(_ v: Double, _ e: Double) -> Double { v < 0 ? -pow(-v, e) : pow(v, e) }
}
