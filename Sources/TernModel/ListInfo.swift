import Foundation

/// One of the user's lists, as the server describes it.
package struct ListInfo: Sendable, Hashable {
    /// Whose replies the list shows: to anyone followed, to the list's members, or none.
    package enum RepliesPolicy: String, Sendable, CaseIterable, Codable {
        case followed, list, none

        package var words: String {
            switch self {
            case .followed: return "replies to anyone you follow"
            case .list: return "replies to the list's members"
            case .none: return "no replies"
            }
        }
    }

    package var id: String
    package var title: String
    /// nil where the server does not say (older servers, GoToSocial before 0.17).
    package var repliesPolicy: RepliesPolicy?
    /// Its members' posts are left out of the home timeline; nil where the server has no such thing.
    package var exclusive: Bool?

    package init(id: String, title: String, repliesPolicy: RepliesPolicy? = nil, exclusive: Bool? = nil) {
        self.id = id
        self.title = title
        self.repliesPolicy = repliesPolicy
        self.exclusive = exclusive
    }

    package var timeline: TimelineID { .list(id: id, title: title) }
}
