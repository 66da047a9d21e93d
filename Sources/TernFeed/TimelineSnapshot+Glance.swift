import TernModel
import TernStore

extension TimelineSnapshot {
    /// What the timeline's engine shows first, made from start-up's `Glance` before the engine (or the
    /// store it reads, or the action queue) exists: the same posts, hidden and marked the same way.
    package init(glance: Glance, timeline: TimelineID) {
        let window = TimelineWindow(glance.run)
        let overlay = ActionOverlay(pending: glance.pending, hidden: glance.hidden)
        self.init(version: 0, timeline: timeline,
                  posts: window.posts.filter { !overlay.hides($0, showing: timeline.accountID) }.map(overlay.apply),
                  reachedEnd: glance.state.reachedEnd && !window.hasOlder, gaps: window.gaps)
        moreNewer = window.hasNewer
        moreOlder = window.hasOlder
        rowsAbove = window.rowsAbove
        rowsBelow = window.rowsBelow
        endStored = glance.state.reachedEnd
        savedPosition = SavedPosition(glance.state, in: window.posts)
        readUpTo = glance.state.seenID
        pendingActions = overlay.book.pendingCount
    }
}
