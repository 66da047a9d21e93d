import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The list drawn from fixed inputs, outside the interactive loop: for benchmarks and for checking
/// frames. Same renderer, layout and viewport as `TimelineApp`.
public final class StaticList {
    private let renderer: FrameRenderer
    private let snapshot: TimelineSnapshot
    private var viewport = Viewport()
    private let chrome: FrameChrome
    private let now = Date()
    public var images: [ThumbnailRequest: ImageState] = [:]

    public init(theme: Theme, snapshot: TimelineSnapshot, title: String) {
        renderer = FrameRenderer(theme: theme)
        self.snapshot = snapshot
        chrome = FrameChrome(title: title)
    }

    /// The thumbnails every post needs at this screen width, with their attachments' blurhashes.
    public func thumbnailRequests(width: Int) -> [(request: ThumbnailRequest, blurhash: String?)] {
        snapshot.posts.flatMap { post in
            renderer.layout(post, width: width, revealed: false, now: now).media.compactMap { box in
                box.request.map { ($0, box.attachment.blurhash) }
            }
        }
    }

    /// Draws the frame into curses and sends it to the terminal.
    public func draw(on screen: Screen) {
        viewport.normalize(metrics(screen))
        renderer.draw(on: screen, snapshot: snapshot, viewport: viewport, images: images, chrome: chrome, now: now)
        screen.update()
    }

    /// Forgets laid-out posts, so the next frame lays out from scratch.
    public func dropLayouts() { renderer.invalidateLayouts() }

    public func scroll(lines: Int, on screen: Screen) { viewport.scroll(by: lines, metrics(screen)) }

    public func page(_ direction: Int, on screen: Screen) { viewport.page(direction, metrics(screen)) }

    public func toTop(on screen: Screen) { viewport.toTop(metrics(screen)) }

    private func metrics(_ screen: Screen) -> Viewport.Metrics {
        renderer.metrics(snapshot, width: screen.columns, viewHeight: FrameRenderer.listHeight(screen.rows),
                         revealed: chrome.revealed, now: now)
    }
}
