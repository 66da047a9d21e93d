import Foundation
import TernFeed
import TernImages
import TernModel

/// Scrolls a list the way `j` does, without a screen, through the app's own list layer, feeding the
/// image pipeline with the effects the layer returns; counts how many pictures were complete when their
/// row scrolled into view. For `tern-bench`.
package final class ScrollProbe {
    private var layer: FeedLayer
    private let env: LayerEnv
    private let feeder: ThumbnailFeeder
    private let mailbox: Mailbox
    private let lastID: String?
    private var seen: Set<ThumbnailRequest> = []
    package private(set) var entered = 0
    package private(set) var completeOnEntry = 0

    package init(posts: [Post], loader: ImageLoader, columns: Int, rows: Int, prefetchRows: Int) {
        let snapshot = FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts))
        layer = FeedLayer(.timeline(.home), snapshot: snapshot)
        var env = LayerEnv(rows: rows, columns: columns, now: Date(),
                           renderer: FrameRenderer(theme: .builtIn))
        env.prefetchRows = prefetchRows
        self.env = env
        mailbox = Mailbox()
        feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        lastID = posts.last?.id
        step(moving: false)
    }

    /// Applies results that have arrived.
    package func drain() {
        for case .image(let request, let state) in mailbox.drain() { feeder.accept(request, state) }
    }

    /// Whether the selection reached the last post.
    package var atEnd: Bool { layer.viewport.selectedID == lastID }

    /// One `j` press; pictures newly in view are counted, complete or not, before they are asked for.
    package func step(moving: Bool = true) {
        if moving { _ = layer.update(.character("j"), env) }
        let effects = layer.settle(env)
        guard let snapshot = layer.snapshot else { return }
        let m = layer.metrics(env, snapshot)
        let inView = layer.viewport.visible(m).flatMap { p in
            env.renderer.layout(snapshot.rows[p.index], width: env.columns, revealed: false, now: env.now).media.compactMap(\.request)
        }
        for request in inView where !seen.contains(request) {
            seen.insert(request)
            // The first screen is on view from the start: nothing could have fetched it ahead.
            guard moving else { continue }
            entered += 1
            if case .ready = feeder.images[request] { completeOnEntry += 1 }
        }
        for case .thumbnails(let demand) in effects { feeder.update(demand) }
    }

    /// Stops every request.
    package func stop() { feeder.reset() }
}
