import Foundation
import TernMastodon
import TernModel

/// The user's lists: who is in which, and each list's name, replies and exclusive flag. Asked off the
/// loop; each change goes through the change queue (`submit`), and the picker's lists are asked again
/// once it is made.
extension AppRunner {
    func fetchListMembership(_ account: Account) {
        askServer("Asking the server for your lists…", failed: "Couldn't list your lists", { client in
            async let containing = client.lists(containing: account.id)
            return (try await client.listInfos(), Set(try await containing.map(\.id)))
        }, answer: { [.layer(.listMembership(account, all: $0.0, containing: $0.1))] })
    }

    func fetchListSettings(_ id: String) {
        askServer(failed: "Couldn't read the list", { try await $0.listInfos().first { $0.id == id } }, answer: { list in
            [list.map { .layer(.listSettings($0)) } ?? .say("The server no longer has this list.", isError: true)]
        })
    }

    func setListMember(_ list: ListInfo, _ account: Account, _ member: Bool) {
        submit(.listMember(list: list.named, account: account.named, member: member))
    }

    func changeList(_ list: ListInfo, _ change: ListChange) {
        submit(.changeList(list.named, change))
    }

    func deleteList(_ list: ListInfo) {
        submit(.deleteList(list.named))
    }

    func createList(_ title: String, member: Account?) {
        submit(.createList(title: title, member: member?.named))
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

