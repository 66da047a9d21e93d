import TernModel
import TernStore

/// What the UI may ask of a timeline (`EngineCapabilities`): each a command into its loop.
extension TimelineEngine: MarkingFeed, PagedFeed, PolledFeed, CountedFeed, OutboxFeed, UnreadMarkedFeed, ConversationsFeed {
    package nonisolated func perform(_ command: ListCommand) {
        switch command {
        case .start: send(.start)
        case .refresh: send(.refresh)
        case .viewed(let first, let last, let anchorID, let offset, let selectedID):
            send(.viewedIDs(first: first, last: last, anchorID: anchorID, offset: offset, selectedID: selectedID))
        }
    }

    package nonisolated func mark(_ kind: PendingAction.Kind, postID: String, wanted: Bool?) { send(.mark(kind, postID: postID, wanted: wanted)) }
    package nonisolated func jump(top: Bool) { send(.jump(top: top)) }
    package nonisolated func jumpToUnread() { send(.jumpToUnread) }
    package nonisolated func readConversation(postID: String) { send(.readConversation(postID: postID)) }
    package nonisolated func fillGap(id: String, fromTop: Bool) { send(.fillGap(id: id, fromTop: fromTop)) }
    package nonisolated func poll() { send(.poll) }
    package nonisolated func refreshCounts() { send(.refreshCounts) }
    package nonisolated func showOutgoing(_ posts: [OutgoingPost], waiting: Bool) { send(.outgoing(posts, waiting: waiting)) }
}
