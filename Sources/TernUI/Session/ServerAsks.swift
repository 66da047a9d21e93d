import Foundation
import Logging
import TernFeed
import TernMastodon
import TernModel

/// An account's questions to its server that are not journaled (a list of the user's lists, a translation,
/// a looked-up link) and the changes that, repeated, are the same (the notification policy), so the user
/// can simply ask again: each made off the UI loop, its answer posted to the account's mail as a message
/// for the layers, a failure said in the server's words. What they say at once ("Asking the server…") is
/// handed back as effects, so that it answers the key that asked. Changes that must be made once go
/// through the change queue instead (`AccountSession.submit`).
struct ServerAsks {
    let client: MastodonClient
    /// `--offline`: never ask the server.
    let offline: Bool
    let mail: AccountMail
    let log: Logger

    /// Carries out a question for the server, or nil when `effect` is no such question.
    func carry(_ effect: Effect) -> [Effect]? {
        switch effect {
        case .openMention(let url): return mention(url)
        case .loadRules: return rules()
        case .report(let report): return file(report)
        case .resolveLink(let link): return resolve(link)
        case .translate(let post): return translate(post.statusID)
        case .silencedPeople:
            return ask("Asking the server whom you mute and block…", failed: "Couldn't list whom you mute and block", { client in
                async let muted = client.silenced(.mute)
                async let blocked = client.silenced(.block)
                return (try await muted, try await blocked)
            }, answer: { [.layer(.silenced(muted: $0.0, blocked: $0.1))] })
        case .followRequests(let about):
            return ask("Asking the server who wants to follow you…", failed: "Couldn't list your follow requests",
                       { try await $0.followRequests() }, answer: { [.layer(.followRequests($0, about: about))] })
        case .notificationRequests:
            return ask("Asking the server which notifications it holds back…", failed: "Couldn't list the filtered notifications",
                       absent: "This server holds no notifications back (Mastodon 4.3 and later can).", { client in
                async let requests = client.notificationRequests()
                return (try await client.notificationPolicy(), try await requests)
            }, answer: { [.layer(.notificationRequests($0.0, $0.1))] })
        case .setNotificationPolicy(let sender, let rule):
            return ask(failed: "Couldn't change what happens to \(sender.words.lowercased())",
                       { try await $0.setNotificationPolicy(sender, to: rule) }, answer: { now in
                [.say("\(sender.words): \(now.rules[sender].map { $0.words } ?? "as the server decides").", isError: now.rules[sender] != rule)]
            })
        case .listsOf(let account):
            return ask("Asking the server for your lists…", failed: "Couldn't list your lists", { client in
                async let containing = client.lists(containing: account.id)
                return (try await client.listInfos(), Set(try await containing.map(\.id)))
            }, answer: { [.layer(.listMembership(account, all: $0.0, containing: $0.1))] })
        case .listSettings(let id):
            return ask(failed: "Couldn't read the list", { try await $0.listInfos().first { $0.id == id } }, answer: { list in
                [list.map { .layer(.listSettings($0)) } ?? .say("The server no longer has this list.", isError: true)]
            })
        case .filters:
            return ask("Asking the server for your filters…", failed: "Couldn't list your filters",
                       absent: "This server has no keyword filters to change here (Mastodon 4.0 and later have them).",
                       { try await $0.filters() }, answer: { [.layer(.filters($0))] })
        case .scheduledPosts:
            return ask("Asking the server for your scheduled posts…", failed: "Couldn't list your scheduled posts",
                       { try await $0.scheduledPosts() }, answer: { [.layer(.scheduledPosts($0))] })
        case .trendingLinks:
            return ask("Asking the server which links are shared most…", failed: "Couldn't list the trending links",
                       absent: "This server has no trending links.", { try await $0.trendingLinks() }, answer: { [.layer(.trendingLinks($0))] })
        default:
            return nil
        }
    }

    /// `asking`: said while it goes (nil: nothing). `answer`: what the loop hears when it succeeds.
    /// `absent`: said instead of the failure when the server has no such endpoint (404).
    @discardableResult
    func ask<T: Sendable>(_ asking: String? = nil, failed: String, absent: String? = nil,
                          _ request: @escaping @Sendable (MastodonClient) async throws -> T,
                          answer: @escaping @Sendable (T) -> [UIEvent]) -> [Effect] {
        let client = self.client, mail = self.mail
        Task.detached {
            do {
                let result = try await request(client)
                // Answered: "Asking…" is no longer true (it stayed over the menu it announced, and after it).
                if let asking { mail.post(.unsay(asking)) }
                for event in answer(result) { mail.post(event) }
            } catch {
                if let absent, case .http(status: 404, _)? = error as? MastodonError {
                    mail.post(.say(absent, isError: false))
                } else {
                    mail.post(.say("\(failed): \(MastodonError.words(for: error))", isError: true))
                }
            }
        }
        return asking.map { [.say($0, error: false)] } ?? []
    }

    /// The stream says the filters changed (in another client, or this one): every list takes them as they
    /// are now, without a menu.
    func useServerFilters(_ actions: ActionQueue) {
        let (client, log) = (client, log)
        Task.detached {
            do { actions.useFilters(try await client.filters()) }
            catch { log.notice("the filters changed, but couldn't be listed", metadata: ["error": "\(error)"]) }
        }
    }

    /// A mention's link: the account it names, looked up on the user's server, opens as a profile.
    private func mention(_ url: String) -> [Effect] {
        let client = self.client, mail = self.mail
        Task.detached {
            do { mail.post(.layer(.open(.profile(try await client.account(mentionURL: url))))) }
            catch { mail.post(.say("Couldn't find that account: \(MastodonError.words(for: error))", isError: true)) }
        }
        return [.say("Looking up the account…", error: false)]
    }

    /// A post's translation; the answer (or why there is none) goes to the translation's layer.
    private func translate(_ statusID: String) -> [Effect] {
        guard !offline else {
            mail.post(.layer(.translated(statusID: statusID, nil, failure: "Tern is offline: translating needs the server.")))
            return []
        }
        let client = self.client, mail = self.mail
        Task.detached {
            do {
                let translation = try await client.translate(statusID: statusID)
                let from = translation.sourceLanguage.map(TranslationLayer.languageName)
                mail.post(.layer(.translated(statusID: statusID, translation, from: from, failure: nil)))
            }
            catch { mail.post(.layer(.translated(statusID: statusID, nil, failure: Self.whyNotTranslated(error)))) }
        }
        return []
    }

    /// A pasted link to a post or a profile, on any server: the user's server looks it up (resolving it
    /// there if it never saw it), and the post's thread or the profile opens.
    private func resolve(_ link: String) -> [Effect] {
        // Said as work's news, not as the key's answer: it stays its time whatever the next key does.
        guard !offline else {
            mail.post(.say("Tern is offline: looking up a link needs the server", isError: true))
            return []
        }
        let client = self.client, mail = self.mail
        Task.detached {
            do {
                let found = try await client.search(link, resolve: true, limit: 5)
                if let post = found.posts.first { mail.post(.layer(.open(FeedLayer.thread(of: post)))) }
                else if let account = found.accounts.first { mail.post(.layer(.open(.profile(account)))) }
                else { mail.post(.say("Your server found no post or profile at that link", isError: true)) }
            } catch {
                mail.post(.say("Couldn't look up the link: \(MastodonError.words(for: error))", isError: true))
            }
        }
        return [.say("Looking up the link…", error: false)]
    }

    /// The server's rules, for the report screen.
    private func rules() -> [Effect] {
        guard !offline else {
            mail.post(.layer(.rules(nil, failure: "Tern is offline")))
            return []
        }
        let client = self.client, mail = self.mail
        Task.detached {
            do { mail.post(.layer(.rules(try await client.rules(), failure: nil))) }
            catch { mail.post(.layer(.rules(nil, failure: MastodonError.words(for: error)))) }
        }
        return []
    }

    /// A report goes to the server at once (it is not queued: a report written offline is said not sent).
    private func file(_ report: Report) -> [Effect] {
        guard !offline else {
            mail.post(.say("Tern is offline: the report was not sent", isError: true))
            return []
        }
        let client = self.client, mail = self.mail
        mail.post(.say("Sending the report…", isError: false))
        Task.detached {
            do {
                try await client.report(report)
                mail.post(.say("Reported @\(report.acct) to your server's moderators", isError: false))
            } catch {
                mail.post(.say("The report was not sent: \(MastodonError.words(for: error))", isError: true))
            }
        }
        return []
    }

    /// Why a translation did not come, in words for its box.
    static func whyNotTranslated(_ error: Error) -> String {
        guard let m = error as? MastodonError else { return "Couldn't translate: \(error)" }
        switch m {
        case .http(404, _), .http(501, _): return "This server can't translate posts: it has no translation service."
        case .http(403, let message): return "The server won't translate this post" + (message.map { ": \($0)" } ?? ".")
        case .http(503, _): return "The server's translation service is not available now; try again later."
        default: return m.serverUnreachable ? "The server can't be reached now: translating needs it." : "Couldn't translate: \(m.description)"
        }
    }
}
