extension Post {
    /// This entry showing a newer copy of its status from the server (a thread's or a profile's fetch, an
    /// edit, a refetch after a reply): the copy's text, counts and marks, under this entry's own id, booster
    /// and conversation, with what only this run shows (pending marks, a web feed item's read mark) kept.
    /// What the copy leaves unsaid (nil: a server or an endpoint that does not send it) stays as known, and
    /// the keyword filters stay this entry's: the server words them for the list it was asked for.
    package func showing(_ status: Post) -> Post {
        var shown = status
        shown.id = id
        shown.boostedBy = boostedBy
        shown.boostedAt = boostedAt
        shown.conversation = conversation
        shown.pending = pending
        shown.unread = unread
        shown.searchableText = searchableText
        shown.filters = filters
        shown.pinned = status.pinned ?? pinned
        shown.threadMuted = status.threadMuted ?? threadMuted
        shown.reactions = status.reactions ?? reactions
        shown.reactionAPI = status.reactionAPI ?? reactionAPI
        return shown
    }

    /// Copies of statuses by status id, the last of each (the newest, in the order they were heard).
    package static func byStatus(_ copies: [Post]) -> [String: Post] {
        Dictionary(copies.map { ($0.statusID, $0) }, uniquingKeysWith: { _, newer in newer })
    }

    /// The status this entry shows, apart from how it is listed: no booster, no conversation, its own id.
    /// Two entries of one status (a post and a boost of it) have the same `bareStatus`.
    package var bareStatus: Post {
        var bare = self
        bare.id = statusID
        bare.boostedBy = nil
        bare.boostedAt = nil
        bare.conversation = nil
        bare.pending = []
        bare.unread = nil
        bare.searchableText = nil
        bare.filters = nil
        return bare
    }
}
