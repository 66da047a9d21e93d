import Foundation

/// Voting in the demo's polls, with Mastodon's refusals.
extension DemoState {
    enum VoteOutcome: Sendable {
        case ok(WirePoll)
        case notFound
        case refused(String)
        case fail(DemoConfig.FailureKind)
    }

    /// A poll by its id (its post's), as it stands.
    func poll(id: String) -> WirePoll? {
        guard let postID = parseID(id), let post = post(id: postID), let poll = post.poll else { return nil }
        return wirePoll(poll, id: post.id)
    }

    /// The demo user's vote: counted once, in an open poll, for options it has.
    func vote(pollID: String, choices: [Int]) -> VoteOutcome {
        guard let postID = parseID(pollID), var post = post(id: postID), var poll = post.poll else { return .notFound }
        if let kind = failsNow() { return .fail(kind) }
        if poll.ownVotes != nil { return .refused("Validation failed: You have already voted on this poll") }
        if Date() >= poll.expiresAt { return .refused("Validation failed: The poll has already ended") }
        let chosen = Array(Set(choices)).sorted()
        guard !chosen.isEmpty, chosen.allSatisfy({ poll.options.indices.contains($0) }), poll.multiple || chosen.count == 1 else {
            return .refused("Validation failed: Choices are invalid")
        }
        if poll.votes.count < poll.options.count { poll.votes += Array(repeating: 0, count: poll.options.count - poll.votes.count) }
        for c in chosen { poll.votes[c] += 1 }
        poll.voters += 1
        poll.ownVotes = chosen
        post.poll = poll
        replace(post)
        actionLog.append("vote \(wireID(post.id)) " + chosen.map(String.init).joined(separator: ","))
        return .ok(wirePoll(poll, id: post.id))
    }
}
