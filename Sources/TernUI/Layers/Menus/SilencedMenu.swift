import TernModel

/// The people the user mutes and blocks, each to let back in.
enum SilencedMenu {
    /// A menu of the people muted and blocked; choosing one lifts it, journaled and sent like a like.
    static func menu(muted: [Account], blocked: [Account]) -> [Effect] {
        guard !muted.isEmpty || !blocked.isEmpty else { return [.say("You mute and block no one.", error: false)] }
        let items = muted.map { Choice(label: "Unmute @\($0.acct)", effects: [.account(.mute, $0, wanted: false, current: true, muteSeconds: nil)]) }
            + blocked.map { Choice(label: "Unblock @\($0.acct)", effects: [.account(.block, $0, wanted: false, current: true, muteSeconds: nil)]) }
        return [.push(.choice(title: "Muted \(muted.count), blocked \(blocked.count): Enter lifts one", items: items))]
    }
}
