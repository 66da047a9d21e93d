import Foundation

/// A change to what the user keeps on the server besides posts and marks: lists, keyword filters, answers
/// to follow and notification requests, scheduled posts. Journaled and sent by the delivery loop as a like
/// is: kept offline and across restarts, and made once (`ChangeQueue`).
package enum ServerChange: Sendable, Hashable, Codable {
    case listMember(list: Named, account: Named, member: Bool)
    case changeList(Named, ListChange)
    case deleteList(Named)
    case createList(title: String, member: Named?)
    case changeFilter(Named, FilterChange)
    case createFilter(word: String)
    case deleteFilter(Named)
    case answerFollowRequest(Named, accept: Bool)
    case answerNotificationRequest(id: String, from: Named, accept: Bool)
    case reschedule(id: String, to: Date)
    case cancelScheduled(id: String)

    /// An id, and the words to say it by: a list's or filter's title, an account's handle.
    package struct Named: Sendable, Hashable, Codable {
        package var id: String
        package var name: String
        package init(id: String, name: String) { (self.id, self.name) = (id, name) }
    }

    /// What it does, for "Couldn't …".
    package var doing: String {
        switch self {
        case .listMember(let list, let account, let member):
            return member ? "put @\(account.name) in “\(list.name)”" : "take @\(account.name) out of “\(list.name)”"
        case .changeList(let list, _): return "change “\(list.name)”"
        case .deleteList(let list): return "delete “\(list.name)”"
        case .createList(let title, _): return "make the list “\(title)”"
        case .changeFilter(let filter, _): return "change “\(filter.name)”"
        case .createFilter(let word): return "make the filter “\(word)”"
        case .deleteFilter(let filter): return "delete “\(filter.name)”"
        case .answerFollowRequest(let account, let accept): return "\(accept ? "accept" : "reject") @\(account.name)"
        case .answerNotificationRequest(_, let from, let accept): return "\(accept ? "accept" : "dismiss") @\(from.name)"
        case .reschedule: return "move it"
        case .cancelScheduled: return "cancel it"
        }
    }

    /// Whether it changes the user's lists (the timeline picker lists them).
    package var onLists: Bool {
        switch self {
        case .listMember, .changeList, .deleteList, .createList: return true
        default: return false
        }
    }
}

/// A change to a list's settings.
package enum ListChange: Sendable, Hashable, Codable {
    case title(String)
    case repliesPolicy(ListInfo.RepliesPolicy)
    case exclusive(Bool)
}

/// A change to a keyword filter.
package enum FilterChange: Sendable, Hashable, Codable {
    case title(String)
    case addWord(String)
    case removeWord(FilterInfo.Word)
    case action(PostFilter.Action)
    case contexts(Set<FilterInfo.Context>)
    /// Seconds from now; 0: never ends.
    case expiresIn(Int)
}
