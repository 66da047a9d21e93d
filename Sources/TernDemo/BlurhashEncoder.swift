import Foundation

/// Encodes a blurhash (https://blurha.sh, the algorithm as Mastodon uses it) from an RGB buffer, so demo
/// attachments carry real hashes of their own pictures.
enum BlurhashEncoder {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    static func encode(rgb: [UInt8], width: Int, height: Int, componentsX: Int = 4, componentsY: Int = 3) -> String {
        precondition((1...9).contains(componentsX) && (1...9).contains(componentsY))
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
        var hash = ""
        hash += base83((componentsX - 1) + (componentsY - 1) * 9, length: 1)
        let dc = factors[0]
        let ac = factors.dropFirst()
        let maxValue: Double
        if ac.isEmpty {
            maxValue = 1
            hash += base83(0, length: 1)
        } else {
            let actualMax = ac.map { max(abs($0.0), abs($0.1), abs($0.2)) }.max() ?? 0
            let quantised = max(0, min(82, Int((actualMax * 166 - 0.5).rounded(.down))))
            maxValue = Double(quantised + 1) / 166
            hash += base83(quantised, length: 1)
        }
        hash += base83((linearToSrgb(dc.0) << 16) + (linearToSrgb(dc.1) << 8) + linearToSrgb(dc.2), length: 4)
        for f in ac {
            func q(_ v: Double) -> Int {
                max(0, min(18, Int((signPow(v / maxValue, 0.5) * 9 + 9.5).rounded(.down))))
            }
            hash += base83(q(f.0) * 19 * 19 + q(f.1) * 19 + q(f.2), length: 2)
        }
        return hash
    }

    static func base83(_ value: Int, length: Int) -> String {
        var s = ""
        for i in 1...length {
            var divisor = 1
            for _ in 0..<(length - i) { divisor *= 83 }
            s.append(alphabet[(value / divisor) % 83])
        }
        return s
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
