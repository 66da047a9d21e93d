import CPictureLibraries
import Logging

/// chafa, libjpeg-turbo, libpng, libwebp and giflib are opened the first time a picture is decoded, drawn
/// or encoded (see CPictureLibraries), so every path into them asks here first: without them a picture
/// becomes a placeholder saying why, and the rest of Tern works.
package enum PictureLibraries {
    /// Opens the libraries on the first call; throws `ImageError.unavailable` when one is missing.
    package static func require() throws(ImageError) {
        _ = glibLogging
        if let reason = tern_picture_libraries_unavailable() { throw .unavailable(String(cString: reason)) }
    }

    /// GLib's messages into Tern's log, set before the libraries can say anything.
    private static let glibLogging: Void = tern_picture_libraries_log_to { level, domain, message in
        let levels: [Logger.Level] = [.critical, .error, .warning, .info, .debug]
        let text = message.map { String(cString: $0) } ?? ""
        Logger(label: "tern.glib").log(level: levels[Int(max(0, min(4, level)))], "\(text)",
                                       metadata: ["domain": "\(domain.map { String(cString: $0) } ?? "")"])
    }
}
