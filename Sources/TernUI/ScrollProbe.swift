import Foundation
import TernFeed
import TernImages
import TernModel

/// Scrolls a list the way `j` does, without a screen, feeding the image pipeline through the same feeder
/// and prefetch window as the app; counts how many pictures were complete when their row scrolled into view.
/// For `tern-bench`.
public final class ScrollProbe {
    private let renderer = FrameRenderer(theme: .builtIn)
    private let snapshot: TimelineSnapshot
    private let feeder: ThumbnailFeeder
    private let mailbox: Mailbox
    private let columns: Int
    private let viewHeight: Int
    private let prefetchRows: Int
    private var viewport = Viewport()
    private var seen: Set<ThumbnailRequest> = []
    private let now = Date()
    public private(set) var entered = 0
    public private(set) var completeOnEntry = 0

    public init(posts: [Post], loader: ImageLoader, columns: Int, rows: Int, prefetchRows: Int) {
        snapshot = TimelineSnapshot(version: 1, timeline: .home, posts: posts)
        mailbox = Mailbox()
        feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        self.columns = columns
        self.viewHeight = FrameRenderer.listHeight(rows)
        self.prefetchRows = prefetchRows
        step(moving: false)
    }

    /// Applies results that have arrived.
    public func drain() {
        for case .image(let request, let state) in mailbox.drain() { feeder.accept(request, state) }
    }

    /// Whether the selection reached the last post.
    public var atEnd: Bool { viewport.selectedID == snapshot.posts.last?.id }

    /// One `j` press; pictures newly in view are counted, complete or not, before they are asked for.
    public func step(moving: Bool = true) {
        let m = renderer.metrics(snapshot, width: columns, viewHeight: viewHeight, revealed: [], now: now)
        viewport.normalize(m)
        if moving { viewport.selectNext(m) }
        let shown = viewport.visible(m)
        let rows = renderer.rows(snapshot)
        let layouts = shown.compactMap { rows[$0.index].post }.map { renderer.layout($0, width: columns, revealed: false, now: now) }
        for request in layouts.flatMap({ $0.media.compactMap(\.request) }) where !seen.contains(request) {
            seen.insert(request)
            // The first screen is on view from the start: nothing could have fetched it ahead.
            guard moving else { continue }
            entered += 1
            if case .ready = feeder.images[request] { completeOnEntry += 1 }
        }
        let ahead = Viewport.ahead(of: shown, direction: 1, count: prefetchRows, total: rows.count)
            .compactMap { rows[$0].post }.map { renderer.layout($0, width: columns, revealed: false, now: now) }
        feeder.update(visible: layouts, ahead: ahead)
    }

    /// Stops every request.
    public func stop() { feeder.reset() }
}
