import Foundation

/// A web feed as read: RSS, Atom or JSON Feed, in one shape.
public struct WebFeed: Sendable, Equatable {
    public enum Format: String, Sendable {
        case rss, atom, json
    }

    public var format: Format
    public var title: String
    /// The site the feed is of.
    public var link: String?
    public var items: [WebFeedItem]

    public init(format: Format, title: String, link: String?, items: [WebFeedItem]) {
        self.format = format
        self.title = title
        self.link = link
        self.items = items
    }
}

/// One item of a feed: a post, an article, an episode.
public struct WebFeedItem: Sendable, Equatable {
    /// What the feed says identifies it (guid, id), else its link, else a hash of its text: the same item
    /// is known again on every refresh, so it is neither doubled nor lost.
    public var id: String
    public var title: String
    public var link: String?
    public var published: Date?
    public var updated: Date?
    public var authors: [String]
    /// The full text, HTML.
    public var content: String
    /// A summary, HTML (RSS's description when there is full content too).
    public var summary: String
    /// The item's picture: a media thumbnail, an image enclosure or the first image of its text.
    public var image: String?
    public var enclosures: [Enclosure]

    public struct Enclosure: Sendable, Equatable {
        public var url: String
        public var type: String?
        public var length: Int?
    }

    public init(id: String, title: String = "", link: String? = nil, published: Date? = nil, updated: Date? = nil,
                authors: [String] = [], content: String = "", summary: String = "", image: String? = nil,
                enclosures: [Enclosure] = []) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.authors = authors
        self.content = content
        self.summary = summary
        self.image = image
        self.enclosures = enclosures
    }

    /// When it was published, else last changed.
    public var date: Date? { published ?? updated }
}

/// Why a document is no feed.
public struct WebFeedError: Error, CustomStringConvertible, Equatable {
    public var description: String
}
