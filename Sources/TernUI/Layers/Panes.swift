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

    /// A key, in one pane or two. In two, Tab moves the keys between the panes (where the list or the
    /// pictures beside it have them); a click goes to the pane it lands in, and a left click gives that pane
    /// the keys; an overlay over both takes what it does not pass on; else the focused pane does. Returns
    /// the effects, and the layer that made them (nil: an overlay over both), with the pictures each pane
    /// asks for marked as its own.
    mutating func key(_ key: Key, _ env: LayerEnv, panes: Panes?) -> (effects: [Effect], from: Int?) {
        guard let panes else {
            focusLeft = false
            return (self.key(key, env), screenIndex)
        }
        if env.keymap.action(for: key) == .focusPane, top is FeedLayer || pictureInPane {
            focusLeft.toggle()
            return ([], nil)
        }
        var key = key, toList = focusLeft
        if case .mouse(var m) = key {
            toList = m.column < panes.leftColumns
            if m.button == .left { focusLeft = toList }
            if !toList { m.column -= panes.rightStart }
            key = .mouse(m)
        }
        _ = closeIfPassedOn(key)
        if top.isOverlay, !pictureInPane { return (self.key(key, env), nil) }
        if toList, let list = listIndex { return (Self.marked(keyToList(key, paneEnv(env, panes, left: true)), left: true), list) }
        return (Self.marked(self.key(key, paneEnv(env, panes, left: false)), left: false), screenIndex)
    }

    /// Lets both panes catch up with what changed, each in its own size, their pictures marked as theirs;
    /// with no panes, the shown screen (the keys are its).
    mutating func settle(_ env: LayerEnv, panes: Panes?) -> [Effect] {
        guard let panes else {
            focusLeft = false
            return settle(env)
        }
        return Self.marked(settleList(paneEnv(env, panes, left: true)), left: true)
            + Self.marked(settleRight(paneEnv(env, panes, left: false)), left: false)
    }

    /// The world as one pane sees it: its width, and whether it has the keys.
    func paneEnv(_ env: LayerEnv, _ panes: Panes, left: Bool) -> LayerEnv {
        var e = env
        e.columns = left ? panes.leftColumns : panes.rightColumns
        e.focused = left == focusLeft
        return e
    }

    private static func marked(_ effects: [Effect], left: Bool) -> [Effect] {
        effects.map { effect in
            guard case .thumbnails(var demand) = effect else { return effect }
            demand.fromLeftPane = left
            return .thumbnails(demand)
        }
    }

    /// Draws the two panes (or, with none, the shown screen) and the overlays above them, over the whole
    /// terminal. Changes nothing.
    func render(_ env: LayerEnv, panes: Panes?, on screen: Screen) {
        // Too short for any screen: the one-pane drawing says so, once.
        guard let panes, let list = listIndex, env.rows >= Self.smallest.rows else { return render(env, on: screen) }
        screen.erase()
        let env = seen(env)
        var left = env, right = env
        left.columns = panes.leftColumns
        // The account is named once, in the right pane's header: beside the list's title in the narrower
        // pane it crowded out the list's key hints (`f like`).
        left.sessionTitle = ""
        left.focused = focusLeft
        right.columns = panes.rightColumns
        right.focused = !focusLeft
        let whole = screen.canvas
        layers[list].render(left, into: whole.area(top: 0, left: 0, rows: env.rows, columns: panes.leftColumns))
        let divider = env.renderer.theme[focusLeft ? .gutter : .placeholder]
        for row in 0..<env.rows { whole.draw(SafeText("│"), row: row, column: panes.leftColumns, style: divider) }
        let shown = rightIndex
        layers[shown].render(right, into: whole.area(top: 0, left: panes.rightStart, rows: env.rows, columns: panes.rightColumns))
        for overlay in layers[(shown + 1)...] { overlay.render(env, into: whole) }
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
