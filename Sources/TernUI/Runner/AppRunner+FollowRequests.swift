import Foundation
import TernMastodon
import TernModel

/// A locked account's follow requests: listed from the server off the loop; each answer goes through the
/// change queue (journaled, made once, kept while the server can't be reached).
extension AppRunner {
    func fetchFollowRequests(about: [Account]) {
        askServer("Asking the server who wants to follow you…", failed: "Couldn't list your follow requests",
                  { try await $0.followRequests() }, answer: { [.layer(.followRequests($0, about: about))] })
    }

    func answerFollowRequest(_ account: Account, accept: Bool) {
        submit(.answerFollowRequest(account.named, accept: accept))
    }

    /// A menu of the requests (of the people `about` names, where it names any): accepting or rejecting
    /// each, or opening its profile. A request answered already says so, with how many others still ask.
    static func followRequestsChoice(_ all: [Account], about: [Account] = []) -> [Effect] {
        let asked = Set(about.map(\.id))
        let accounts = about.isEmpty ? all : all.filter { asked.contains($0.id) }
        guard !accounts.isEmpty else {
            guard !about.isEmpty else { return [.say("No one is asking to follow you.", error: false)] }
            let who = about.map { "@" + $0.acct }.joined(separator: ", ")
            let others = all.isEmpty ? "" : " \(Counted.words(all.count, "other asks", plural: "others ask")) (x, Yours, Follow requests)."
            return [.say("\(who) \(about.count == 1 ? "asks" : "ask") no more: answered already.\(others)", error: false)]
        }
        let items = accounts.flatMap { a in
            [Choice(label: "Accept @\(a.acct)", effects: [.answerFollowRequest(a, accept: true)]),
             Choice(label: "Reject @\(a.acct)", effects: [.answerFollowRequest(a, accept: false)]),
             Choice(label: "   See @\(a.acct)'s profile", effects: [.push(.feed(.profile(a)))])]
        }
        let count = accounts.count == 1 ? "1 follow request" : "\(accounts.count) follow requests"
        return [.push(.choice(title: "\(count): Enter answers one", items: items))]
    }
}
