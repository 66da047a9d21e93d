import CPictureLibraries
import CGIF
import CPNG
import CWebP

/// The picture libraries this build uses and their versions, for `tern --version` and bug reports.
package enum ImageCodecs {
    package static var summary: String {
        do { try PictureLibraries.require() } catch { return "\(error)" }
        let chafa = Int(tern_chafa_version())
        let png = Int(png_access_version_number())
        let webp = Int(WebPGetDecoderVersion())
        return "chafa \(chafa / 10000).\(chafa / 100 % 100).\(chafa % 100); "
            + "JPEG (libjpeg-turbo), PNG (libpng \(png / 10000).\(png / 100 % 100).\(png % 100)), "
            + "WebP (libwebp \(webp >> 16).\(webp >> 8 & 0xFF).\(webp & 0xFF)), GIF (giflib \(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE))"
    }
}
