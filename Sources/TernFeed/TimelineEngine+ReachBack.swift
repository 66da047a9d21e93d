import Foundation
import TernModel
import TernStore

/// Catch-up's fetch (`CatchUpFetch`): Home's store filled down to a window's start with the engine's own
/// paging, one page at a time so it can be stopped between any two, saying how far it got after each.
extension TimelineEngine {
    /// Newer posts first (as `r`), then each gap inside the window from its newer end (as Enter on it), then
    /// older pages until the oldest held post is older than the window's start. Ends at `most` posts
    /// fetched, at the first failure (the rest said missing) or when the task is cancelled.
    package func reachBack(to bounds: CatchUpBounds, most: Int,
                           progress: @Sendable (CatchUpFetch.Progress) -> Void) async -> CatchUpFetch.Outcome {
        startHeadless()
        let postsBefore = logged("count the cached timeline") { try store.postCount() } ?? 0
        let pagesBefore = pagesRead
        var outcome = CatchUpFetch.Outcome()
        func tell() {
            let held = logged("count the cached timeline") { try store.postCount() } ?? postsBefore
            outcome.progress = CatchUpFetch.Progress(posts: max(0, held - postsBefore), pages: pagesRead - pagesBefore)
            progress(outcome.progress)
        }
        // What was not reached: older posts only matter to a window with a start.
        let older: Set<CatchUpFetch.Missing> = bounds.hasStart ? [.older] : []
        func ended(missing: Set<CatchUpFetch.Missing>) -> CatchUpFetch.Outcome {
            outcome.stopped = Task.isCancelled
            if !outcome.stopped {
                outcome.failure = lastFailure ?? "the server did not answer"
            }
            outcome.missing = missing
            return outcome
        }
        guard !Task.isCancelled else { return ended(missing: older.union([.newer])) }
        let newer = await loadNewer(quiet: true)
        tell()
        guard newer, !Task.isCancelled else { return ended(missing: older.union([.newer])) }
        var tried: Set<String> = []
        while let (gap, above) = firstGap(inside: bounds, scanning: most) {
            guard outcome.progress.posts < most else { outcome.full = true; return outcome }
            guard !Task.isCancelled else { return ended(missing: older.union([.gaps])) }
            let fromTop = gap.fromTop != nil
            guard let url = gap.fromTop ?? gap.fromBottom, tried.insert(gap.id + url.absoluteString).inserted else { break }
            window = logged("read the cached timeline") { try store.run(around: above, before: 1, after: 3) }.map(TimelineWindow.init) ?? window
            let filled = await fill(gap, fromTop: fromTop, url: url)
            tell()
            guard filled, !Task.isCancelled else { return ended(missing: older.union([.gaps])) }
        }
        while bounds.hasStart, !cursors.reachedEnd {
            guard let bottom = logged("read the cached timeline's end", { try store.bottom(count: 40) }),
                  let oldest = bottom.entries.last(where: { $0.post != nil })?.post, bounds.holds(oldest) else { break }
            guard outcome.progress.posts < most else { outcome.full = true; return outcome }
            guard !Task.isCancelled else { return ended(missing: [.older]) }
            window = TimelineWindow(bottom)
            let count = logged("count the cached timeline") { try store.postCount() }
            let paged = await loadOlder()
            tell()
            guard paged, !Task.isCancelled else { return ended(missing: [.older]) }
            if logged("count the cached timeline", { try store.postCount() }) == count { break }
        }
        return outcome
    }

    /// The newest gap inside the window that has a link into it, with the post right above it; nil when the
    /// window (read from the top down to its start, at most `scanning` entries) has none.
    private func firstGap(inside bounds: CatchUpBounds, scanning most: Int) -> (StoredGap, above: String)? {
        var page = logged("read the cached timeline") { try store.run(around: nil, before: 0, after: 200).entries } ?? []
        var above: String?, read = 0
        while !page.isEmpty, read < most {
            for entry in page {
                read += 1
                switch entry {
                case .post(let post, _):
                    guard bounds.holds(post) else { return nil }
                    above = post.id
                case .gap(let gap):
                    if let above, gap.fromTop != nil || gap.fromBottom != nil { return (gap, above) }
                }
            }
            guard let last = page.last else { break }
            page = logged("read the cached timeline") { try store.entries(olderThan: last.seq, limit: 200).entries } ?? []
        }
        return nil
    }

    /// `.storeFilled`: the cursors another engine saved, and the window read again around the posts in view.
    func adoptStoreFilled() {
        guard started, let state = logged("read the timeline's cursors", { try store.state() }) else { return }
        (cursors.olderURL, cursors.newerURL, cursors.reachedEnd) = (state.olderURL, state.newerURL, state.reachedEnd)
        if window.isEmpty {
            window = logged("read the cached timeline") { try store.run(around: nil, before: 0, after: 40) }.map(TimelineWindow.init) ?? window
        } else {
            _ = logged("read the cached timeline") { try reloadWindow(added: 0) }
        }
        emit()
    }
}
