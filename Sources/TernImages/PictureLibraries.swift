import CPictureLibraries

/// chafa, libjpeg-turbo, libpng, libwebp and giflib are opened the first time a picture is decoded, drawn
/// or encoded (see CPictureLibraries), so every path into them asks here first: without them a picture
/// becomes a placeholder saying why, and the rest of Tern works.
public enum PictureLibraries {
    /// Opens the libraries on the first call; throws `ImageError.unavailable` when one is missing.
    public static func require() throws(ImageError) {
        if let reason = tern_picture_libraries_unavailable() { throw .unavailable(String(cString: reason)) }
    }
}
