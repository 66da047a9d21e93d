import Foundation
import TernModel

/// A hashtag's timeline knows the hashtag: how much it is used and whether the user follows it, shown in
/// a row above its posts; `F` follows or unfollows it through the action queue, as durably as a like.
extension TimelineEngine {
    /// Asks the server about the hashtag (at the start, and after `r`); offline, the row waits for it.
    func lookUpHashtag() {
        guard case .hashtag(let name) = timeline, !forcedOffline else { return }
        let client = self.client
        Task {
            do {
                let tag = try await client.hashtag(named: name)
                self.hashtag = tag
                self.emit()
            } catch {
                // The posts still show; the row says the state is unknown, and `F` says why it can't act.
                self.logger.warning("couldn't read the hashtag", metadata: ["tag": "\(name)", "error": "\(error)"])
            }
        }
    }

    /// `F`: what the user asked, on what the screen showed.
    func followHashtag(_ wanted: Bool) {
        guard case .hashtag(let name) = timeline else { return }
        guard let known = hashtag?.following else {
            say("Tern doesn't know yet whether you follow #\(name): the server hasn't said (r asks again)", error: true)
            emit()
            return
        }
        actions.follow(hashtag: name, wanted, current: known)
    }

    /// The server's answer to a follow (or a look at it).
    func heard(_ tag: Hashtag) {
        guard case .hashtag(let name) = timeline, tag.name.lowercased() == name.lowercased() else { return }
        let was = hashtag?.following
        hashtag = tag
        if let now = tag.following, was != now { say(now ? "Following #\(tag.name)." : "No longer following #\(tag.name).", error: false) }
    }

    /// The hashtag as the screen shows it: the wish waiting, else what the server said.
    var shownHashtag: (Hashtag, pending: Bool)? {
        guard case .hashtag(let name) = timeline else { return nil }
        var tag = hashtag ?? Hashtag(name: name)
        guard let wanted = actions.wanted(hashtag: name) else { return (tag, false) }
        tag.following = wanted
        return (tag, true)
    }
}

extension TimelineEngine: FollowingFeed {
    package nonisolated func follow(_ wanted: Bool) { send(.follow(wanted)) }
}
