import TernModel

extension ActionQueue.Event {
    /// Gives a list's copy of a post what the server answered about it: the marks and counts of a confirmed
    /// like, save, boost (or pin, mute, reaction), or the poll as counted after a vote. Every list that shows
    /// posts takes the answer through here (timelines, threads, profiles, notifications): once a wish is
    /// settled the queue's overlay lets it go, and a list that kept the post as it was before the press
    /// showed the press undone (a vote from the notifications lost its ✓ while the server held it).
    /// Returns whether `post` is the one answered.
    func answer(_ post: inout Post) -> Bool {
        switch self {
        case .confirmed(let status) where status.statusID == post.statusID:
            post.takeMarksAndCounts(from: status)
            return true
        case .pollCounted(let statusID, let poll) where statusID == post.statusID:
            post.poll = poll
            return true
        default:
            return false
        }
    }

    /// What a list showing the answered post says of it: a look that found no vote yet is followed by the
    /// vote itself, so only a counted vote is news.
    var saidOfAnswer: String? {
        if case .pollCounted(_, let poll) = self, poll.hasVoted { return "Vote counted." }
        return nil
    }
}
