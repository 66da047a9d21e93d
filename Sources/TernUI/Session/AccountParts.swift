import TernFeed
import TernMastodon
import TernModel

/// What is opened for an account before it has a session: the store handle, the client, the action queue
/// and outbox, the streaming connection. Made off the UI loop (reading the journal is a file read).
package struct AccountParts: Sendable {
    /// The account's name as stored (`user@host`), or the demo's or a hand-given server's.
    package var name: String
    /// The title bar's words for it.
    package var title: String
    package var sources: TimelineEngine.Sources
    package var writing: Writing?
    package var live: LiveStream?
    package var fetchLists: @Sendable () async -> [TimelineID]
    /// The server's trending hashtags for the picker; nil when it has no trends (or is not reached).
    package var fetchTrends: @Sendable () async -> [Hashtag]?
    /// No fediverse account, only web feeds (`NoAccount`): a stand-in account no server answers.
    package var accountless = false

    package init(name: String, title: String, sources: TimelineEngine.Sources, writing: Writing?, live: LiveStream?,
                fetchLists: @escaping @Sendable () async -> [TimelineID],
                fetchTrends: @escaping @Sendable () async -> [Hashtag]? = { nil }) {
        self.name = name
        self.title = title
        self.sources = sources
        self.writing = writing
        self.live = live
        self.fetchLists = fetchLists
        self.fetchTrends = fetchTrends
    }
}

/// The mailbox as one account's tasks see it: what they post is tagged with the account's session.
package struct AccountMail: Sendable {
    let mailbox: Mailbox
    /// The session's id in its runner.
    package let account: Int

    func post(_ event: UIEvent) { mailbox.post(.account(account, event)) }

    /// The streaming connection's report callback.
    package func live(_ news: LiveStream.News) { post(.live(news)) }
}
