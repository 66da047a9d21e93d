import TernModel

/// Filtered notifications (Mastodon 4.3 and later): the accounts held back, and the policy that holds them.
enum NotificationRequestsMenu {
    /// The requests, each to accept or dismiss, then the policy, each rule to change.
    static func menu(_ policy: NotificationPolicy, _ requests: [NotificationRequest]) -> [Effect] {
        let asked = requests.flatMap { r in
            [Choice(label: "Accept @\(r.account.acct) (\(r.count) notification\(r.count == 1 ? "" : "s"))",
                    effects: [.answerNotificationRequest(r, accept: true)]),
             Choice(label: "Dismiss @\(r.account.acct)", effects: [.answerNotificationRequest(r, accept: false)])]
        }
        let rules = NotificationPolicy.Sender.allCases.compactMap { sender -> Choice? in
            guard let rule = policy.rules[sender] else { return nil }
            let options = NotificationPolicy.Rule.allCases.map { r in
                Choice(label: (r == rule ? "● " : "  ") + r.words.capitalizedFirst, effects: [.setNotificationPolicy(sender, r)])
            }
            return Choice(label: "\(sender.words): \(rule.words)…", effects: [.push(.choice(title: sender.words, items: options))])
        }
        let title = requests.isEmpty ? "No notifications held back; the policy:"
            : "Held back: \(policy.pendingNotifications) from \(requests.count) account\(requests.count == 1 ? "" : "s")"
        return [.push(.choice(title: title, items: asked + rules))]
    }
}
