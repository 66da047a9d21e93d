import Foundation
import TernFeed
import TernModel
import TernStore
import TernTerminal

/// The first frame of a session, drawn from start-up's `Glance` through the same list layer the app
/// uses, before the store, the HTTP client and the engines are open. The app's own first frame (from
/// the engine, with the same posts) then replaces it, and curses sends only what changed: the status
/// line's live parts.
package enum FirstFrame {
    /// Draws and sends it; returns whether there were posts to show.
    @discardableResult
    package static func draw(_ glance: Glance, timeline: TimelineID, title: String, keymap: Keymap, pictures: PictureLayout,
                            renderer: FrameRenderer, on screen: Screen) -> Bool {
        renderer.pictures = pictures
        let snapshot = FeedSnapshot(TimelineSnapshot(glance: glance, timeline: timeline))
        guard snapshot.rows.contains(where: { $0.post != nil }) else { return false }
        var layer = FeedLayer(.timeline(timeline), snapshot: snapshot)
        var env = LayerEnv(rows: screen.rows, columns: screen.columns, now: Date(),
                           keymap: keymap, renderer: renderer)
        env.sessionTitle = title
        _ = layer.settle(env)
        screen.erase()
        layer.render(env, on: screen)
        screen.update()
        return true
    }
}
