/// The author of a post, as the reader needs it. Server strings are raw here; the terminal layer sanitizes them.
package struct Account: Sendable, Hashable, Codable {
    package var id: String
    /// `user` for local accounts, `user@domain` for remote ones, as the server sends it.
    package var acct: String
    package var displayName: String
    package var url: String?
    package var avatarURL: String?
    /// The custom emoji its display name uses (nil where none, or not said).
    package var emojis: [CustomEmoji]?

    package init(id: String, acct: String, displayName: String, url: String? = nil, avatarURL: String? = nil) {
        self.id = id
        self.acct = acct
        self.displayName = displayName
        self.url = url
        self.avatarURL = avatarURL
    }

    /// The name to show: the display name, or the handle when the display name is empty.
    package var shownName: String { displayName.isEmpty ? acct : displayName }
}
