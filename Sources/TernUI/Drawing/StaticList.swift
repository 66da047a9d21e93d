import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// A list drawn from fixed rows outside the interactive loop, through the same layer the app uses:
/// for benchmarks and for checking frames.
package final class StaticList {
    private var layer: FeedLayer
    private var env: LayerEnv
    private var snapshot: FeedSnapshot { layer.snapshot ?? FeedSnapshot(feed: layer.feed) }

    package init(theme: Theme, snapshot: FeedSnapshot, rows: Int, columns: Int) {
        var s = snapshot
        s.feed = .timeline(.home)
        layer = FeedLayer(.timeline(.home), snapshot: s)
        env = LayerEnv(rows: rows, columns: columns, now: Date(), renderer: FrameRenderer(theme: theme))
    }

    package var images: [ThumbnailRequest: ImageState] {
        get { env.images }
        set { env.images = newValue }
    }

    private var kitty: KittyImages?

    /// Takes a thumbnail as the app does: a kitty picture is sent to the terminal once, then drawn from
    /// its cells. Returns the bytes sent for it.
    @discardableResult
    package func accept(_ request: ThumbnailRequest, _ thumbnail: Thumbnail, screen: Screen) -> Int {
        var t = thumbnail
        var sent = 0
        if case .kitty(let pixels)? = t.pixels {
            let k = kitty ?? KittyImages(screen: screen, tmux: false, capacity: 1000)
            kitty = k
            let before = k.bytesSent
            t.pixels = k.hold(request, pixels).0
            sent = k.bytesSent - before
        }
        env.images[request] = .ready(t)
        return sent
    }

    /// The thumbnails every row needs at this width, with their attachments' blurhashes.
    package func thumbnailRequests() -> [(request: ThumbnailRequest, blurhash: String?)] {
        snapshot.rows.flatMap { row in
            env.renderer.layout(row, width: env.columns, revealed: false, now: env.now).media.compactMap { box in
                box.request.map { ($0, box.attachment.blurhash) }
            }
        }
    }

    /// Draws the frame into curses and sends it to the terminal.
    package func draw(on screen: Screen) {
        compose(on: screen)
        screen.update()
    }

    /// Draws the frame into curses' virtual screen only, without sending it: the list's own share of a frame.
    package func compose(on screen: Screen) {
        _ = layer.settle(env)
        screen.erase()
        layer.render(env, on: screen)
    }

    /// Shows newer rows, as a snapshot arriving in the app does (the view keeps its place).
    package func show(_ snapshot: FeedSnapshot) {
        var s = snapshot
        s.feed = layer.feed
        _ = layer.receive(.snapshot(s), env)
    }

    /// Forgets laid-out rows, so the next frame lays out from scratch.
    package func dropLayouts() { env.renderer.invalidateLayouts() }

    package func scroll(lines: Int) { layer.scroll(by: lines, env) }

    package func page(_ direction: Int) { _ = layer.update(direction > 0 ? .pageDown : .pageUp, env) }

    package func toTop() { _ = layer.update(.home, env) }
}
