/// The engine behind an open list, by kind. Each kind's capabilities are spelled out here once, so what a
/// list can be asked is known to the compiler: no downcast finds it out, and a capability a kind lacks is
/// nil, for the caller to say so.
package enum OpenEngine: Sendable {
    case timeline(TimelineEngine)
    case thread(ThreadEngine)
    case profile(ProfileEngine)
    case notifications(NotificationsEngine)

    package var list: any FeedEngine { marking }

    /// Every list shows posts the user can mark.
    package var marking: any MarkingFeed {
        switch self {
        case .timeline(let e): e
        case .thread(let e): e
        case .profile(let e): e
        case .notifications(let e): e
        }
    }

    package var paged: (any PagedFeed)? {
        switch self {
        case .timeline(let e): e
        case .profile(let e): e
        case .thread, .notifications: nil
        }
    }

    package var polled: (any PolledFeed)? {
        switch self {
        case .timeline(let e): e
        case .notifications(let e): e
        case .thread, .profile: nil
        }
    }

    package var counted: (any CountedFeed)? {
        switch self {
        case .timeline(let e): e
        case .profile(let e): e
        case .thread, .notifications: nil
        }
    }

    package var showsOutbox: (any OutboxFeed)? {
        switch self {
        case .timeline(let e): e
        case .thread(let e): e
        case .profile, .notifications: nil
        }
    }

    package var filtered: (any FilteredFeed)? {
        switch self {
        case .profile(let e): e
        case .notifications(let e): e
        case .timeline, .thread: nil
        }
    }

    /// Profiles follow their account; a hashtag's timeline its hashtag.
    package var following: (any FollowingFeed)? {
        switch self {
        case .profile(let e): e
        case .timeline(let e): e.timeline.isHashtag ? e : nil
        case .thread, .notifications: nil
        }
    }

    package var unreadMarked: (any UnreadMarkedFeed)? {
        if case .timeline(let e) = self { return e }
        return nil
    }

    package var readMarked: (any ReadMarkedFeed)? {
        if case .notifications(let e) = self { return e }
        return nil
    }

    /// The "Direct messages" list only.
    package var conversations: (any ConversationsFeed)? {
        if case .timeline(let e) = self, e.timeline == .conversations { return e }
        return nil
    }
}
