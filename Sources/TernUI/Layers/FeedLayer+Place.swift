import TernFeed

/// The place a list is opened at again (after a restart, or a kill): the view as it was, line for line,
/// with the same post selected. It is reported as the first post in view and the lines between its top and
/// the view's (negative when a row that is no post, "read up to here" or a gap, is above it in view), so the
/// store only ever keeps a post, and a line that is drawn elsewhere next time moves nothing below it.
extension FeedLayer {
    static func viewport(at saved: SavedPosition, _ m: Viewport.Metrics) -> Viewport {
        let selected = saved.selectedID.flatMap { m.index[$0] != nil ? $0 : nil } ?? saved.anchorID
        var viewport = Viewport(anchorID: saved.anchorID, anchorOffset: saved.offset, selectedID: selected)
        guard let at = m.index[saved.anchorID] else { return viewport }
        // Posts came above the place: "read up to here" over it is shown too, to say so.
        if saved.offset == 0, at > 0, m.ids[at - 1] == FeedSnapshot.readMarkID {
            viewport.anchorID = FeedSnapshot.readMarkID
        }
        // A negative offset goes up over the rows above the post (scroll stops at the list's top).
        viewport.scroll(by: 0, m)
        return viewport
    }
}
