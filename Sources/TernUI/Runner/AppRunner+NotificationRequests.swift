import Foundation
import TernMastodon
import TernModel

/// Filtered notifications (Mastodon 4.3 and later): the requests the server holds back and its policy,
/// asked off the loop. An answer to a request goes through the change queue; a change of policy is sent at
/// once and said done or not (repeated, it is the same). A server without them says so.
extension AppRunner {
    func fetchNotificationRequests() {
        askServer("Asking the server which notifications it holds back…", failed: "Couldn't list the filtered notifications",
                  absent: "This server holds no notifications back (Mastodon 4.3 and later can).", { client in
            async let requests = client.notificationRequests()
            return (try await client.notificationPolicy(), try await requests)
        }, answer: { [.layer(.notificationRequests($0.0, $0.1))] })
    }

    func answerNotificationRequest(_ request: NotificationRequest, accept: Bool) {
        submit(.answerNotificationRequest(id: request.id, from: request.account.named, accept: accept))
    }

    func setNotificationPolicy(_ sender: NotificationPolicy.Sender, _ rule: NotificationPolicy.Rule) {
        askServer(failed: "Couldn't change what happens to \(sender.words.lowercased())", { try await $0.setNotificationPolicy(sender, to: rule) },
                  answer: { now in
            [.say("\(sender.words): \(now.rules[sender].map { $0.words } ?? "as the server decides").", isError: now.rules[sender] != rule)]
        })
    }

    /// The requests, each to accept or dismiss, then the policy, each rule to change.
    static func notificationRequestsChoice(_ policy: NotificationPolicy, _ requests: [NotificationRequest]) -> [Effect] {
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

