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

    public init(id: String, kind: Kind, url: String?, previewURL: String?, blurhash: String? = nil,
                description: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.id = id
        self.kind = kind
        self.url = url
        self.previewURL = previewURL
        self.blurhash = blurhash
        self.description = description
        self.width = width
        self.height = height
    }

    /// The image a thumbnail is made from: the preview when there is one.
    public var thumbnailURL: String? { previewURL ?? (kind == .image ? url : nil) }

    /// Width over height, when known.
    public var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }
}
