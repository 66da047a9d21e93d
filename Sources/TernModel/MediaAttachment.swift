/// One attachment of a post. Only images (and the preview images of videos) are drawn.
package struct MediaAttachment: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Codable {
        case image, gifv, video, audio, unknown
    }

    package var id: String
    package var kind: Kind
    /// The original file.
    package var url: String?
    /// A smaller rendition (~400 px) that thumbnails are made from.
    package var previewURL: String?
    package var blurhash: String?
    package var description: String?
    /// Pixel size of the original, when the server says so.
    package var width: Int?
    package var height: Int?
    /// Pixel size of the preview (`meta.small`), which may be cropped to another shape than the original.
    package var previewWidth: Int?
    package var previewHeight: Int?
    /// Seconds, for video and audio, when the server says.
    package var duration: Double?
    /// The point the author marked as the picture's subject (`meta.focus`): a crop keeps it in.
    package var focus: FocalPoint?

    package init(id: String, kind: Kind, url: String?, previewURL: String?, blurhash: String? = nil,
                description: String? = nil, width: Int? = nil, height: Int? = nil,
                previewWidth: Int? = nil, previewHeight: Int? = nil, duration: Double? = nil, focus: FocalPoint? = nil) {
        self.duration = duration
        self.focus = focus
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

    /// Video, gifv and audio: played by a player program, not drawn.
    package var plays: Bool { kind == .video || kind == .gifv || kind == .audio }

    /// The duration as a person reads it: "0:07", "12:30", "1:02:03".
    package var durationText: String? {
        guard let duration, duration.isFinite, duration > 0 else { return nil }
        let s = Int(duration.rounded())
        return s >= 3_600 ? String(format: "%d:%02d:%02d", s / 3_600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// The image a thumbnail is made from: the preview when there is one.
    package var thumbnailURL: String? { previewURL ?? (kind == .image ? url : nil) }

    /// Width over height of the original, when known.
    package var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }

    /// Width over height of what a thumbnail shows: the preview's when the server gave it, since that is
    /// the file the thumbnail is made from.
    package var thumbnailAspectRatio: Double? {
        if previewURL != nil, let w = previewWidth, let h = previewHeight, w > 0, h > 0 { return Double(w) / Double(h) }
        return aspectRatio
    }
}

/// A picture's subject, as Mastodon marks it: x from -1 (left edge) to 1 (right), y from -1 (bottom) to 1
/// (top); (0, 0) is the middle.
package struct FocalPoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    /// Out-of-range values (a server that sends pixels, say) are brought to the nearest edge.
    package init(x: Double, y: Double) {
        self.x = min(1, max(-1, x.isFinite ? x : 0))
        self.y = min(1, max(-1, y.isFinite ? y : 0))
    }
}
