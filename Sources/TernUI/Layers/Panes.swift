import TernTerminal

/// How the screens share the terminal (`layout` in the config): `auto` splits from `Panes.autoWidth`
/// columns, `split` whenever two panes fit, `single` never.
package enum PaneLayout: String, Sendable, CaseIterable {
    case auto, single, split
}

/// Two panes side by side: the list on the left, what was opened from it (a thread, a profile, a post
/// being written) on the right, a one-column divider between. The stack is the same as with one pane:
/// the right pane is the shown screen, the left the list under it; only drawing and keys differ.
struct Panes: Equatable {
    var leftColumns: Int
    var rightColumns: Int
    var rightStart: Int { leftColumns + 1 }
    static let autoWidth = 160

    /// The panes for this stack at this width, or nil for one pane.
    static func of(_ stack: LayerStack, columns: Int, layout: PaneLayout) -> Panes? {
        guard layout != .single, stack.listIndex != nil, columns >= 2 * LayerStack.smallest.columns + 1 else { return nil }
        guard layout == .split || columns >= autoWidth else { return nil }
        // The list a little narrower: what was opened is what is being read.
        let left = (columns - 1) * 2 / 5
        return Panes(leftColumns: left, rightColumns: columns - 1 - left)
    }
}

extension LayerStack {
    /// The list under the shown screen, when the shown screen was opened from one and can share the
    /// terminal with it: a thread, a profile or the compose screen over a list; or the list (or thread)
    /// whose pictures are open over it.
    var listIndex: Int? {
        if pictureInPane { return layers.count - 2 }
        let shown = screenIndex
        guard shown > 0, layers[shown] is FeedLayer || layers[shown] is ComposeLayer,
              let below = layers[..<shown].lastIndex(where: { !$0.isOverlay }), layers[below] is FeedLayer else { return nil }
        return below
    }

    /// A post's pictures (`v`) opened over a list: in two panes they take the right pane, beside the list,
    /// rather than covering both.
    var pictureInPane: Bool {
        layers.count >= 2 && top is LargeImageLayer && layers[layers.count - 2] is FeedLayer
    }

    /// What the right pane shows: the shown screen, or the pictures opened over the list.
    var rightIndex: Int { pictureInPane ? layers.count - 1 : screenIndex }

    /// Draws the two panes and the overlays above them (over the whole terminal). Changes nothing.
    func render(_ env: LayerEnv, panes: Panes, focusLeft: Bool, on screen: Screen) {
        // Too short for any screen: the one-pane drawing says so, once.
        guard let list = listIndex, env.rows >= Self.smallest.rows else { return render(env, on: screen) }
        screen.erase()
        let env = seen(env)
        var left = env, right = env
        left.columns = panes.leftColumns
        left.focused = focusLeft
        right.columns = panes.rightColumns
        right.focused = !focusLeft
        screen.inPane(top: 0, left: 0, rows: env.rows, columns: panes.leftColumns) { layers[list].render(left, on: screen) }
        let divider = env.renderer.theme[focusLeft ? .gutter : .placeholder]
        for row in 0..<env.rows { screen.draw(SafeText("│"), row: row, column: panes.leftColumns, style: divider) }
        let shown = rightIndex
        screen.inPane(top: 0, left: panes.rightStart, rows: env.rows, columns: panes.rightColumns) {
            layers[shown].render(right, on: screen)
        }
        for overlay in layers[(shown + 1)...] { overlay.render(env, on: screen) }
    }
}

extension ThumbnailDemand {
    /// What two panes want at once: both views' rows, both lists' prefetch.
    static func merged(_ demands: [ThumbnailDemand]) -> ThumbnailDemand {
        var out = ThumbnailDemand()
        for d in demands {
            out.visible += d.visible.filter { row in !out.visible.contains(row) }
            out.ahead += d.ahead.filter { box in !out.ahead.contains(box) }
            out.pinned.formUnion(d.pinned)
        }
        return out
    }
}
