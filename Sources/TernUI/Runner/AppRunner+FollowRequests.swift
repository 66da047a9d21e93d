import Foundation
import TernMastodon
import TernModel

/// A locked account's follow requests: listed from the server off the loop; each answer goes through the
/// change queue (journaled, made once, kept while the server can't be reached).
extension AppRunner {
    func fetchFollowRequests() {
        askServer("Asking the server who wants to follow you…", failed: "Couldn't list your follow requests",
                  { try await $0.followRequests() }, answer: { [.layer(.followRequests($0))] })
    }

    func answerFollowRequest(_ account: Account, accept: Bool) {
        submit(.answerFollowRequest(account.named, accept: accept))
    }

    /// A menu of the requests: accepting or rejecting each, or opening its profile.
    static func followRequestsChoice(_ accounts: [Account]) -> [Effect] {
        guard !accounts.isEmpty else { return [.say("No one is asking to follow you.", error: false)] }
        let items = accounts.flatMap { a in
            [Choice(label: "Accept @\(a.acct)", effects: [.answerFollowRequest(a, accept: true)]),
             Choice(label: "Reject @\(a.acct)", effects: [.answerFollowRequest(a, accept: false)]),
             Choice(label: "   See @\(a.acct)'s profile", effects: [.push(.feed(.profile(a)))])]
        }
        let count = accounts.count == 1 ? "1 follow request" : "\(accounts.count) follow requests"
        return [.push(.choice(title: "\(count): Enter answers one", items: items))]
    }
}
