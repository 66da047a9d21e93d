import TernModel

/// Decoded pixels: 8-bit RGBA, unassociated alpha, tightly packed rows.
package struct RGBAImage: Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    /// The largest part of the picture with the given width-to-height ratio, centred on `focus` as far
    /// as the edges allow (on the middle without one).
    func cropped(toAspect aspect: Double, focus: FocalPoint? = nil) -> RGBAImage {
        guard aspect > 0, width > 0, height > 0 else { return self }
        var w = width, h = Int((Double(width) / aspect).rounded())
        if h > height { h = height; w = max(1, Int((Double(height) * aspect).rounded())) }
        h = max(1, min(h, height)); w = max(1, min(w, width))
        guard w != width || h != height else { return self }
        // The subject's pixel: x runs left to right, y bottom to top (Mastodon's sense).
        let cx = focus.map { ($0.x + 1) / 2 * Double(width) } ?? Double(width) / 2
        let cy = focus.map { (1 - $0.y) / 2 * Double(height) } ?? Double(height) / 2
        let x0 = min(width - w, max(0, Int((cx - Double(w) / 2).rounded())))
        let y0 = min(height - h, max(0, Int((cy - Double(h) / 2).rounded())))
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let from = ((y0 + y) * width + x0) * 4
            out[(y * w * 4)..<((y + 1) * w * 4)] = pixels[from..<(from + w * 4)]
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }
}
