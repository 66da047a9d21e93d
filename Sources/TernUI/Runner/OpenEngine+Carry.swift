import TernFeed

extension OpenEngine {
    /// Carries a screen's request to the capability of this engine that takes it. Nil when it went; else
    /// the words that say why this list can't do it (the status line shows them: nothing is dropped).
    func carry(_ command: FeedCommand) -> String? {
        switch command {
        case .start: list.perform(.start)
        case .refresh: list.perform(.refresh)
        case .viewed(let first, let last, let anchor, let offset, let selected):
            list.perform(.viewed(firstID: first, lastID: last, anchorID: anchor, offset: offset, selectedID: selected))
        case .setMark(let kind, let id, let wanted): marking.mark(kind, postID: id, wanted: wanted)
        case .jump(let top):
            guard let paged else { return "This list is shown whole: there is no further end to jump to" }
            paged.jump(top: top)
        case .jumpToUnread:
            guard let unreadMarked else { return "This list keeps no \"read up to here\"" }
            unreadMarked.jumpToUnread()
        case .fillGap(let id, let fromTop):
            guard let paged else { return "This list has no gaps to load" }
            paged.fillGap(id: id, fromTop: fromTop)
        case .follow(let wanted):
            guard let following else { return "Following is done from a profile or a hashtag's timeline" }
            following.follow(wanted)
        case .filter(let filter):
            guard let filtered else { return "This list has no narrower views" }
            filtered.filter(filter)
        case .markRead:
            guard let readMarked else { return "This list has no read marker" }
            readMarked.markRead()
        case .readConversation(let id):
            guard let conversations else { return "This is not a list of conversations" }
            conversations.readConversation(postID: id)
        }
        return nil
    }
}
