import TernModel

/// A locked account's follow requests, as the server listed them: each to accept, reject or look at.
enum FollowRequestsMenu {
    /// A menu of the requests (of the people `about` names, where it names any): accepting or rejecting
    /// each, or opening its profile. A request answered already says so, with how many others still ask.
    static func menu(_ all: [Account], about: [Account] = []) -> [Effect] {
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
