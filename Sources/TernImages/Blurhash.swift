import Foundation

/// Decodes blurhash strings (https://blurha.sh) into small RGBA pictures, the placeholder a row shows
/// until its thumbnail arrives.
public enum Blurhash {
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
    public static func components(_ hash: String) -> (x: Int, y: Int, colors: [(Double, Double, Double)])? {
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
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) -> RGBAImage? {
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
