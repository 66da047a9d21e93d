import Foundation

/// A web feed as read: RSS, Atom or JSON Feed, in one shape.
package struct WebFeed: Sendable, Equatable {
    package enum Format: String, Sendable {
        case rss, atom, json
    }

    package var format: Format
    package var title: String
    /// The site the feed is of.
    package var link: String?
    package var items: [WebFeedItem]

    package init(format: Format, title: String, link: String?, items: [WebFeedItem]) {
        self.format = format
        self.title = title
        self.link = link
        self.items = items
    }
}

/// One item of a feed: a post, an article, an episode.
package struct WebFeedItem: Sendable, Equatable {
    /// What the feed says identifies it (guid, id), else its link, else a hash of its text: the same item
    /// is known again on every refresh, so it is neither doubled nor lost.
    package var id: String
    package var title: String
    package var link: String?
    package var published: Date?
    package var updated: Date?
    package var authors: [String]
    /// The full text, HTML.
    package var content: String
    /// A summary, HTML (RSS's description when there is full content too).
    package var summary: String
    /// The item's picture: a media thumbnail, an image enclosure or the first image of its text.
    package var image: String?
    package var enclosures: [Enclosure]

    package struct Enclosure: Sendable, Equatable {
        package var url: String
        package var type: String?
        package var length: Int?
    }

    package init(id: String, title: String = "", link: String? = nil, published: Date? = nil, updated: Date? = nil,
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
    package var date: Date? { published ?? updated }
}

/// Why a document is no feed.
package struct WebFeedError: Error, CustomStringConvertible, Equatable {
    package var description: String
}
