import TernModel

/// The menus of the user's lists: who is in which, and one list's settings. Each choice is an effect
/// (a change for the change queue, a prompt, another menu).
enum ListMenus {
    /// Each list, the account in it or not (Enter changes that), and a new list with it.
    static func membership(_ account: Account, _ all: [ListInfo], _ containing: Set<String>) -> [Choice] {
        all.map { list in
            let inIt = containing.contains(list.id)
            return Choice(label: (inIt ? "✓ " : "  ") + list.title + (inIt ? "  (Enter takes @\(account.acct) out)" : ""),
                          effects: [.setListMember(list, account, !inIt)])
        } + [Choice(label: "  New list with @\(account.acct)…", effects: [.push(.prompt(.newList(member: account)))])]
    }

    static func membershipMenu(_ account: Account, _ all: [ListInfo], _ containing: Set<String>) -> [Effect] {
        [.push(.choice(title: "@\(account.acct) in your lists: Enter puts in or takes out", items: membership(account, all, containing)))]
    }

    /// A list's settings: its name, whose replies it shows, whether it is exclusive; deleting it; a new one.
    static func settings(_ list: ListInfo) -> [Effect] {
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
