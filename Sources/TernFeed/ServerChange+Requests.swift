import TernMastodon
import TernModel

/// Each change as requests: how it is made, and how a look tells whether an earlier try made it.
extension ServerChange {
    /// Makes the change. `resuming`: an earlier try's answer was lost and the look found the change not
    /// (wholly) made: a list of that name made by it is the one to go on with, never a second one.
    func make(_ client: MastodonClient, resuming: Bool) async throws {
        switch self {
        case .listMember(let list, let account, let member):
            try await client.setMember(account.id, of: list.id, member)
        case .changeList(let list, let change):
            switch change {
            case .title(let title): _ = try await client.changeList(list.id, title: title)
            case .repliesPolicy(let policy): _ = try await client.changeList(list.id, repliesPolicy: policy)
            case .exclusive(let on): _ = try await client.changeList(list.id, exclusive: on)
            }
        case .deleteList(let list):
            try await gone { try await client.deleteList(list.id) }
        case .createList(let title, let member):
            var list = resuming ? try await client.listInfos().first { $0.title == title } : nil
            if list == nil { list = try await client.createList(title: title) }
            guard let list else { return }
            if let member { try await client.setMember(member.id, of: list.id, true) }
        case .changeFilter(let filter, let change):
            switch change {
            case .title(let t): _ = try await client.changeFilter(filter.id, title: t)
            case .addWord(let w): try await client.addFilterWord(w, to: filter.id)
            case .removeWord(let w): try await gone { try await client.removeFilterWord(w.id) }
            case .action(let a): _ = try await client.changeFilter(filter.id, action: a)
            case .contexts(let c): _ = try await client.changeFilter(filter.id, contexts: c)
            case .expiresIn(let s): _ = try await client.changeFilter(filter.id, expiresIn: s)
            }
        case .createFilter(let word):
            _ = try await client.createFilter(title: word, word: word)
        case .deleteFilter(let filter):
            try await gone { try await client.deleteFilter(filter.id) }
        case .answerFollowRequest(let account, let accept):
            try await client.answerFollowRequest(accountID: account.id, accept: accept)
        case .answerNotificationRequest(let id, _, let accept):
            try await client.answerNotificationRequest(id: id, accept: accept)
        case .reschedule(let id, let date):
            _ = try await client.reschedule(id, to: date)
        case .cancelScheduled(let id):
            try await gone { try await client.cancelScheduled(id) }
        }
    }

    /// Whether the server shows the change made, asked after a try whose answer was lost. A change that
    /// is the same when repeated (a rename, a move) is never looked for: it is simply made again.
    func isMade(_ client: MastodonClient) async throws -> Bool {
        switch self {
        case .listMember(let list, let account, let member):
            return try await client.lists(containing: account.id).contains { $0.id == list.id } == member
        case .changeList, .reschedule:
            return false
        case .deleteList(let list):
            return try await !client.listInfos().contains { $0.id == list.id }
        case .createList(let title, let member):
            guard let list = try await client.listInfos().first(where: { $0.title == title }) else { return false }
            guard let member else { return true }
            return try await client.lists(containing: member.id).contains { $0.id == list.id }
        case .changeFilter(let filter, let change):
            let now = try await client.filters().first { $0.id == filter.id }
            switch change {
            case .addWord(let w): return now?.words.contains { $0.word == w } ?? false
            case .removeWord(let w): return !(now?.words.contains { $0.id == w.id } ?? false)
            case .title, .action, .contexts, .expiresIn: return false
            }
        case .createFilter(let word):
            return try await client.filters().contains { $0.title == word }
        case .deleteFilter(let filter):
            return try await !client.filters().contains { $0.id == filter.id }
        case .answerFollowRequest(let account, _):
            return try await !client.followRequests().contains { $0.id == account.id }
        case .answerNotificationRequest(let id, _, _):
            return try await !client.notificationRequests().contains { $0.id == id }
        case .cancelScheduled(let id):
            return try await !client.scheduledPosts().contains { $0.id == id }
        }
    }

    /// A deletion the server answers with 404 finds what was asked: an earlier try whose answer was lost
    /// did it, or it was already gone.
    private func gone(_ delete: () async throws -> Void) async throws {
        do { try await delete() } catch MastodonError.http(404, _) {}
    }
}
