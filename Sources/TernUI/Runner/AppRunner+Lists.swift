import Foundation
import TernMastodon
import TernModel

/// The user's lists: who is in which, and each list's name, replies and exclusive flag. Asked and changed
/// off the loop, each change sent at once and said done or not (each, repeated, is the same); the picker's
/// lists are asked again after one.
extension AppRunner {
    func fetchListMembership(_ account: Account) {
        askServer("Asking the server for your lists…", failed: "Couldn't list your lists", { client in
            async let containing = client.lists(containing: account.id)
            return (try await client.listInfos(), Set(try await containing.map(\.id)))
        }, answer: { [.listMembership(account, all: $0.0, containing: $0.1)] })
    }

    func fetchListSettings(_ id: String) {
        askServer(failed: "Couldn't read the list", { try await $0.listInfos().first { $0.id == id } }, answer: { list in
            [list.map { .listSettings($0) } ?? .say("The server no longer has this list.", isError: true)]
        })
    }

    func setListMember(_ list: ListInfo, _ account: Account, _ member: Bool) {
        changeLists(done: member ? "@\(account.acct) is in “\(list.title)”." : "@\(account.acct) is out of “\(list.title)”.",
                    failed: "Couldn't \(member ? "put @\(account.acct) in" : "take @\(account.acct) out of") “\(list.title)”") { client in
            try await client.setMember(account.id, of: list.id, member)
        }
    }

    func changeList(_ list: ListInfo, _ change: ListChange) {
        let done: String
        switch change {
        case .title(let title): done = "“\(list.title)” is now “\(title)”."
        case .repliesPolicy(let policy): done = "“\(list.title)” shows \(policy.words)."
        case .exclusive(let on): done = on ? "Posts in “\(list.title)” leave your home timeline." : "Posts in “\(list.title)” are in your home timeline too."
        }
        changeLists(done: done, failed: "Couldn't change “\(list.title)”") { client in
            switch change {
            case .title(let title): _ = try await client.changeList(list.id, title: title)
            case .repliesPolicy(let policy): _ = try await client.changeList(list.id, repliesPolicy: policy)
            case .exclusive(let on): _ = try await client.changeList(list.id, exclusive: on)
            }
        }
    }

    func deleteList(_ list: ListInfo) {
        changeLists(done: "Deleted the list “\(list.title)”.", failed: "Couldn't delete “\(list.title)”") { client in
            try await client.deleteList(list.id)
        }
    }

    func createList(_ title: String, member: Account?) {
        changeLists(done: "Made the list “\(title)”" + (member.map { " with @\($0.acct) in it." } ?? "."),
                    failed: "Couldn't make the list “\(title)”") { client in
            let list = try await client.createList(title: title)
            if let member { try await client.setMember(member.id, of: list.id, true) }
        }
    }

    /// One change, then the lists asked again for the picker.
    private func changeLists(done: String, failed: String, _ change: @escaping @Sendable (MastodonClient) async throws -> Void) {
        let fetch = session.parts.fetchLists
        askServer(failed: failed, { client in
            try await change(client)
            return await fetch()
        }, answer: { [.say(done, isError: false), .lists($0)] })
    }

    /// Each list, the account in it or not (Enter changes that), and a new list with it.
    static func listMembership(_ account: Account, _ all: [ListInfo], _ containing: Set<String>) -> [Choice] {
        all.map { list in
            let inIt = containing.contains(list.id)
            return Choice(label: (inIt ? "✓ " : "  ") + list.title + (inIt ? "  (Enter takes @\(account.acct) out)" : ""),
                          effects: [.setListMember(list, account, !inIt)])
        } + [Choice(label: "  New list with @\(account.acct)…", effects: [.push(.prompt(.newList(member: account)))])]
    }

    static func listMembershipChoice(_ account: Account, _ all: [ListInfo], _ containing: Set<String>) -> [Effect] {
        [.push(.choice(title: "@\(account.acct) in your lists: Enter puts in or takes out", items: listMembership(account, all, containing)))]
    }

    /// A list's settings: its name, whose replies it shows, whether it is exclusive; deleting it; a new one.
    static func listSettingsChoice(_ list: ListInfo) -> [Effect] {
        var items = [Choice(label: "Rename…", effects: [.push(.prompt(.renameList(list)))])]
        if let policy = list.repliesPolicy {
            let options = ListInfo.RepliesPolicy.allCases.map { p in
                Choice(label: (p == policy ? "● " : "  ") + p.words.capitalizedFirst, effects: [.changeList(list, .repliesPolicy(p))])
            }
            items.append(Choice(label: "Shows \(policy.words)…", effects: [.push(.choice(title: "Replies in “\(list.title)”", items: options))]))
        }
        if let exclusive = list.exclusive {
            items.append(Choice(label: exclusive ? "Exclusive: its posts are not in Home (Enter: show them there too)"
                                                 : "Not exclusive: its posts are in Home too (Enter: only here)",
                                effects: [.changeList(list, .exclusive(!exclusive))]))
        }
        items.append(Choice(label: "Delete this list…", effects: [.push(.confirm(
            question: "Delete the list “\(list.title)”? The people in it stay followed.",
            yes: [.deleteList(list), .switchTimeline(.home)]))]))
        items.append(Choice(label: "New list…", effects: [.push(.prompt(.newList(member: nil)))]))
        return [.push(.choice(title: "The list “\(list.title)”", items: items))]
    }
}

