/// One attachment of a post. Only images (and the preview images of videos) are drawn.
public struct MediaAttachment: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        case image, gifv, video, audio, unknown
    }

    public var id: String
    public var kind: Kind
    /// The original file.
    public var url: String?
    /// A smaller rendition (~400 px) that thumbnails are made from.
    public var previewURL: String?
    public var blurhash: String?
    public var description: String?
    /// Pixel size of the original, when the server says so.
    public var width: Int?
    public var height: Int?
    /// Pixel size of the preview (`meta.small`), which may be cropped to another shape than the original.
    public var previewWidth: Int?
    public var previewHeight: Int?

    public init(id: String, kind: Kind, url: String?, previewURL: String?, blurhash: String? = nil,
                description: String? = nil, width: Int? = nil, height: Int? = nil,
                previewWidth: Int? = nil, previewHeight: Int? = nil) {
        self.id = id
        self.kind = kind
        self.url = url
        self.previewURL = previewURL
        self.blurhash = blurhash
        self.description = description
        self.width = width
        self.height = height
        self.previewWidth = previewWidth
        self.previewHeight = previewHeight
    }

    /// The image a thumbnail is made from: the preview when there is one.
    public var thumbnailURL: String? { previewURL ?? (kind == .image ? url : nil) }

    /// Width over height of the original, when known.
    public var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }

    /// Width over height of what a thumbnail shows: the preview's when the server gave it, since that is
    /// the file the thumbnail is made from.
    public var thumbnailAspectRatio: Double? {
        if previewURL != nil, let w = previewWidth, let h = previewHeight, w > 0, h > 0 { return Double(w) / Double(h) }
        return aspectRatio
    }
}
