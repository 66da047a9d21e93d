import TernModel

/// "Read up to here": a line in the list between what the user had seen and what came since.
///
/// What was seen is the newest post that has been at the top of the view (`newestSeen`), kept with the
/// reading position, so it outlives a restart. The line sits above that post as the timeline opens, and
/// moves when posts arrive above a list the user had read to its top: what they had seen then is below
/// it. The server's home marker, where it has one, is another client's reading place: when it is newer
/// than Tern's own, the user read further there, and the line goes up to it.
extension TimelineEngine {
    /// A post has been at the top of the view.
    func noteSeen(_ id: String) {
        guard newestSeen.map({ ServerID.isNewer(id, than: $0) }) ?? true else { return }
        newestSeen = id
    }

    /// At the start, the posts of the window newer than the newest seen (others', not the user's own): they
    /// came in and were not read before Tern ended, so they still count as come in ("↑ 2 new" before `q`
    /// was gone after the restart, the posts above the line unannounced).
    func unseenSinceLastRun() -> Set<String> {
        guard let seen = newestSeen else { return [] }
        let me = self.me.id
        return Set(window.posts.filter { ServerID.isNewer($0.id, than: seen) && !Self.isOwn($0, me: me) }.map(\.id))
    }

    /// Posts arrived above what was the top of the window (`top`, nil when the window didn't show the
    /// top): if the user had seen that post, everything above it is new.
    func caughtUp(above top: String?) {
        guard let top, top == newestSeen else { return }
        readUpTo = top
    }

    /// The server's read marker for this timeline.
    func adoptServerReadMark(_ id: String) {
        if newestSeen.map({ ServerID.isNewer(id, than: $0) }) ?? true { newestSeen = id }
        if readUpTo.map({ ServerID.isNewer(id, than: $0) }) ?? true { readUpTo = id }
    }

    /// The line as shown: above the user's own posts right over it, never under them. What the user wrote
    /// they have read (their answer in a direct conversation came back at the top, over the line).
    static func readMark(_ mark: String?, over posts: [Post], me: String?) -> String? {
        guard let mark, me != nil, var i = posts.firstIndex(where: { $0.id == mark }) else { return mark }
        while i > 0, isOwn(posts[i - 1], me: me) { i -= 1 }
        return posts[i].id
    }

    /// The user's own post or boost (`me`: the user's account, nil while not known: then none is): what they
    /// wrote they have read, so it never counts as come in and the line goes up over it.
    static func isOwn(_ post: Post, me: String?) -> Bool {
        me != nil && (post.boostedBy ?? post.account).id == me
    }

    /// `u` on a list whose window doesn't hold the line: the window is read afresh around it.
    func moveWindowToReadMark() {
        guard let id = readUpTo else { return }
        do {
            window = TimelineWindow(try store.run(around: id, before: 30, after: 60))
        } catch {
            say("Couldn't read the cache: \(error)", error: true)
        }
        emit()
    }
}
