import Foundation
import TernMastodon
import TernModel

/// Filtered notifications (Mastodon 4.3 and later): the requests the server holds back and its policy,
/// asked off the loop; each answer or change is sent at once and said done or not (either, repeated, is
/// the same). A server without them says so.
extension AppRunner {
    func fetchNotificationRequests() {
        let client = sources.client, mailbox = session.mail
        show("Asking the server which notifications it holds back…", error: false)
        Task.detached {
            do {
                async let requests = client.notificationRequests()
                let policy = try await client.notificationPolicy()
                mailbox.post(.notificationRequests(policy, try await requests))
            } catch {
                if case .http(status: 404, _)? = error as? MastodonError {
                    mailbox.post(.say("This server holds no notifications back (Mastodon 4.3 and later can).", isError: false))
                } else {
                    mailbox.post(.say("Couldn't list the filtered notifications: \(failureWords(error))", isError: true))
                }
            }
        }
    }

    func answerNotificationRequest(_ request: NotificationRequest, accept: Bool) {
        let client = sources.client, mailbox = session.mail
        Task.detached {
            do {
                try await client.answerNotificationRequest(id: request.id, accept: accept)
                mailbox.post(.say(accept ? "Accepted @\(request.account.acct): their notifications come through."
                                         : "Dismissed @\(request.account.acct)'s notifications.", isError: false))
            } catch {
                mailbox.post(.say("Couldn't \(accept ? "accept" : "dismiss") @\(request.account.acct): \(failureWords(error))", isError: true))
            }
        }
    }

    func setNotificationPolicy(_ sender: NotificationPolicy.Sender, _ rule: NotificationPolicy.Rule) {
        let client = sources.client, mailbox = session.mail
        Task.detached {
            do {
                let now = try await client.setNotificationPolicy(sender, to: rule)
                let said = now.rules[sender].map { $0.words } ?? "as the server decides"
                mailbox.post(.say("\(sender.words): \(said).", isError: now.rules[sender] != rule))
            } catch {
                mailbox.post(.say("Couldn't change what happens to \(sender.words.lowercased()): \(failureWords(error))", isError: true))
            }
        }
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

/// A failure in the server's words where it gave some.
private func failureWords(_ error: Error) -> String { (error as? MastodonError)?.description ?? "\(error)" }
