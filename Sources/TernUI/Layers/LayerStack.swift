import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The layers, bottom first, and the timelines the user switched away from with their places kept.
/// Pushing, popping and switching are pure, so tests run the same navigation the app does.
struct LayerStack {
    private(set) var layers: [any Layer]
    /// With two panes, whether the list on the left has the keys (`Panes`).
    var focusLeft = false
    /// Each timeline switched away from: its screen first, at its place, then, while Esc can lead back to
    /// it (`cameFrom`, `home`), the screens that were over it (a profile, a thread), with their engines kept.
    private var parked: [TimelineID: [any Layer]] = [:]
    /// The whole stack a search was made from (the notifications, a thread over the timeline), with its
    /// places: Esc on the results puts it back as it was. Kept until the user goes to another timeline.
    private var stackBeforeSearch: [any Layer]?
    /// The timelines chosen (with `t`) before the one shown, latest last: Esc goes back through them to Home,
    /// each at its place (it did nothing on a root timeline, against "Esc always goes back").
    private var cameFrom: [TimelineID] = []
    private var goingBack = false
    /// Where the notifications and the inbox were left when last closed: opened again, they are there (they
    /// have no stored place, as a timeline has, and opened at the top each time).
    private var closedPlaces: [FeedID: Viewport] = [:]
    /// What the last Catch-up screen was left showing (its window, order, kinds, grouping): `C` opens on it
    /// again. Kept in the store too (`Effect.keepCatchUpChoices`), and read from it when the session starts
    /// (`LayerMessage.catchUpChoices`).
    private(set) var catchUpChoices: CatchUpChoices?
    /// The warnings opened with `c`, for every screen of the session (`toggleWarning`).
    private(set) var openedWarnings = OpenedWarnings()

    /// The environment as the stack's screens see it: with the session's opened warnings.
    func seen(_ env: LayerEnv) -> LayerEnv {
        var env = env
        env.openedWarnings = openedWarnings
        env.accountless = accountless
        return env
    }

    /// Where Esc leads back to from a timeline chosen with `t`: Home, or with no account the web feeds.
    let home: TimelineID
    /// No fediverse account, only web feeds (`NoAccount`).
    let accountless: Bool

    init(root: TimelineID, accountless: Bool = false) {
        layers = [FeedLayer(.timeline(root))]
        self.accountless = accountless
        home = accountless ? NoAccount.home : .home
    }

    var top: any Layer { layers[layers.count - 1] }

    private static func isSearch(_ t: TimelineID) -> Bool { if case .search = t { true } else { false } }

    /// Where Esc goes from the timeline shown at the bottom (nil: on Home, or with a screen over it): that
    /// timeline with whatever was over it when the user switched away (`parked`).
    var wayBack: TimelineID? {
        guard layers.count == 1, let root = layers[0] as? FeedLayer, case .timeline(let shown) = root.opening,
              shown != home else { return nil }
        if case .search = shown { return nil }
        return cameFrom.last ?? home
    }

    /// The way back as the title bar names it: the screen Esc shows (a profile's `@name`, a list's name).
    func wayBackTitle(lists: [TimelineID]?) -> String? {
        guard let back = wayBack else { return nil }
        return (parked[back]?.last as? FeedLayer)?.title(lists: lists) ?? back.description
    }

    /// Esc on the shown screen goes somewhere: to a screen under it, the timeline it was chosen from, or
    /// where a search was made.
    var escGoesBack: Bool {
        guard screenIndex == 0 else { return true }
        if wayBack != nil { return true }
        guard let root = layers.first as? FeedLayer, case .timeline(let t) = root.opening, Self.isSearch(t) else { return false }
        return stackBeforeSearch != nil
    }

    /// The screen (not overlay) nearest the top: the one whose list is shown.
    var screenIndex: Int { layers.lastIndex { !$0.isOverlay } ?? 0 }
    /// The shown screen when it is a list.
    var shownList: FeedLayer? { layers[screenIndex] as? FeedLayer }
    /// The moving picture a large view shown now plays (over the shown screen, under nothing that covers it).
    var movingPicture: MovingRequest? {
        guard let large = top as? LargeImageLayer else { return nil }
        return large.moving
    }

    /// Closes an overlay that passes `key` on (a translation box), so the key reaches the screen under it;
    /// true when it did. The runner asks first in two panes, where the key then goes to the focused pane.
    mutating func closeIfPassedOn(_ key: Key) -> Bool {
        guard layers.count > 1, top.isOverlay, top.passesOn(key) else { return false }
        layers.removeLast()
        return true
    }

    /// Sends a key to the top layer; returns its effects.
    mutating func key(_ key: Key, _ env: LayerEnv) -> [Effect] {
        if closeIfPassedOn(key) { return self.key(key, env) }
        var layer = layers.removeLast()
        let effects = layer.update(key, seen(env))
        layers.append(layer)
        return effects
    }

    /// The smallest screen the layers draw into; below it, one line says so (at 1×1, as much of it as fits).
    static let smallest = (rows: 4, columns: 24)

    /// Draws the shown screen and the overlays above it into a blank frame of the screen's size now.
    /// Changes nothing.
    func render(_ env: LayerEnv, on screen: Screen) {
        screen.erase()
        guard env.rows >= Self.smallest.rows, env.columns >= Self.smallest.columns else {
            screen.draw(SafeText("Terminal too small"), row: 0, column: 0, style: env.renderer.theme[.warning])
            return
        }
        var env = seen(env)
        env.wayBack = wayBackTitle(lists: env.lists)
        env.escGoesBack = escGoesBack
        for layer in layers[screenIndex...] { layer.render(env, into: screen.canvas) }
    }

    /// Lets the shown screen, and the overlays over it, catch up with what changed.
    mutating func settle(_ env: LayerEnv) -> [Effect] {
        let env = seen(env)
        var effects: [Effect] = []
        for i in screenIndex..<layers.count { effects += layers[i].settle(env) }
        return effects
    }

    /// A result of work: the layers are offered it top down; what none takes, the stack does (it opens
    /// the screen the result is for).
    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect] {
        let env = seen(env)
        if case .snapshot = message {
            // Every screen of that list takes it, the parked timelines' too, so each comes back as it is now.
            var effects: [Effect] = []
            for i in layers.indices { effects += layers[i].receive(message, env) ?? [] }
            for t in parked.keys {
                for i in parked[t, default: []].indices { effects += parked[t]?[i].receive(message, env) ?? [] }
            }
            if var kept = stackBeforeSearch {
                for i in kept.indices { effects += kept[i].receive(message, env) ?? [] }
                stackBeforeSearch = kept
            }
            return effects
        }
        for i in layers.indices.reversed() {
            var layer = layers[i]
            let taken = layer.receive(message, env)
            layers[i] = layer
            if let taken { return taken }
        }
        switch message {
        case .catchUpChoices(let kept):
            // What the store kept from the last run, unless this run chose already.
            if catchUpChoices == nil { catchUpChoices = kept }
            return []
        case .open(let opening): return [.push(.feed(opening))]
        case .compose(let draft, let context): return [.push(.compose(draft, context: context))]
        case .silenced(let muted, let blocked): return SilencedMenu.menu(muted: muted, blocked: blocked)
        case .followRequests(let accounts, let about): return FollowRequestsMenu.menu(accounts, about: about)
        case .notificationRequests(let policy, let requests): return NotificationRequestsMenu.menu(policy, requests)
        case .listMembership(let account, let all, let containing): return ListMenus.membershipMenu(account, all, containing)
        case .listSettings(let list): return ListMenus.settings(list)
        case .filters(let filters): return FilterMenus.all(filters)
        case .wordCompletions: return []   // its compose screen was closed meanwhile
        case .scheduledPosts(let posts): return ScheduledMenu.menu(posts)
        case .trendingLinks(let links): return TrendingLinksMenu.menu(links)
        case .customEmoji(let post, let codes): return ReactionChoice.custom(post, codes)
        case .fileInspected, .pathCompleted: return []   // its compose screen was closed meanwhile
        case .article, .translated, .rules, .catchUp, .catchUpOf, .catchUpFetching: return []   // its reading (translation, report, catch-up) screen was closed meanwhile
        case .snapshot, .postMarks: return []
        }
    }

    /// Lets the top layer take something that arrived for it (text back from `$EDITOR`), if it is of that kind.
    mutating func updateTop<L: Layer>(_ kind: L.Type, _ body: (inout L) -> [Effect]) -> [Effect] {
        guard var layer = layers.last as? L else { return [] }
        let effects = body(&layer)
        layers[layers.count - 1] = layer
        return effects
    }

    /// A key for the list in the left pane. What it opens replaces what the right pane shows (`Enter` on
    /// the next post shows its thread there), rather than piling up.
    mutating func keyToList(_ key: Key, _ env: LayerEnv) -> [Effect] {
        guard let i = listIndex else { return [] }
        var layer = layers[i]
        let effects = layer.update(key, seen(env))
        layers[i] = layer
        return effects.flatMap { effect -> [Effect] in
            switch effect {
            case .push(.feed), .push(.gallery): return [.pop, effect]
            default: return [effect]
            }
        }
    }

    /// Lets what the right pane shows catch up, in the right pane's size.
    mutating func settleRight(_ env: LayerEnv) -> [Effect] {
        let i = rightIndex
        return layers[i].settle(seen(env))
    }

    /// Lets the list in the left pane catch up with what changed, as the shown screen does.
    mutating func settleList(_ env: LayerEnv) -> [Effect] {
        guard let i = listIndex else { return [] }
        return layers[i].settle(seen(env))
    }

    static let interruptQuestion = "Quit Tern while writing?"

    /// Ctrl-C quits at once, unless a post is being written: then it asks (a second Ctrl-C is the answer),
    /// saying what becomes of the draft.
    func interrupted(_ keymap: Keymap, draftsOutliveSession: Bool) -> [Effect] {
        if let asked = top as? ConfirmLayer, asked.question.hasPrefix(Self.interruptQuestion) { return [.quit] }
        guard let compose = layers.compactMap({ $0 as? ComposeLayer }).last, !compose.current.isEmpty else { return [.quit] }
        let fate = draftsOutliveSession ? "The draft is kept: \(compose.reopenKey(keymap)) opens it again." : "The demo's draft goes with it."
        return [.push(.confirm(question: "\(Self.interruptQuestion) \(fate)", yes: [.quit]))]
    }

    /// Takes the layers from `index` up off the stack (never the bottom one), to put them on another.
    mutating func detach(from index: Int) -> [any Layer] {
        let from = max(1, index)
        guard from < layers.count else { return [] }
        defer { layers.removeSubrange(from...) }
        return Array(layers[from...])
    }

    /// Puts layers taken from another stack on top of this one.
    mutating func attach(_ moved: [any Layer]) {
        layers += moved
    }

    /// The shown list has a line whose spinner should turn.
    var spinning: Bool {
        guard case .found(.progress(_, busy: true))? = shownList?.snapshot?.rows.first else { return false }
        return true
    }

    /// Threads and profiles on the stack, or kept for the way back: their engines are worth keeping; others
    /// are done with.
    var openScreens: Set<FeedID> {
        Set((layers + (stackBeforeSearch ?? []) + parked.values.joined()).compactMap { layer -> FeedID? in
            guard let f = (layer as? FeedLayer)?.feed else { return nil }
            if case .timeline = f { return nil }
            return f
        })
    }

    /// Carries out the stack's own effects and returns the rest (and what the change itself needs).
    mutating func apply(_ effects: [Effect]) -> [Effect] {
        var out: [Effect] = []
        for effect in accountless ? NoAccount.screen(effects) : effects {
            switch effect {
            case .push(let spec):
                switch spec {
                case .feed(let opening):
                    layers.append(FeedLayer(opening, place: closedPlaces[opening.id]))
                    out.append(.feed(opening, .start))
                case .help: layers.append(HelpLayer())
                case .screenHelp(let keys): layers.append(HelpLayer(screenKeys: keys))
                case .picker(let picker): layers.append(PickerLayer(picker: picker))
                case .search: layers.append(SearchLayer())
                case .choice(let title, let items): layers.append(ChoiceLayer(title: title, items: items))
                case .confirm(let question, let yes): layers.append(ConfirmLayer(question: question, yes: yes))
                case .prompt(let prompt): layers.append(PromptLayer(prompt: prompt))
                case .poll(let post): layers.append(PollLayer(post: post))
                case .translation(let post):
                    let layer = TranslationLayer(post)
                    layers.append(layer)
                    out.append(layer.load)
                case .report(let report):
                    let layer = ReportLayer(report)
                    layers.append(layer)
                    out.append(layer.load)
                case .compose(let draft, let context): layers.append(ComposeLayer(draft: draft, context: context))
                case .grid(let opening, let selected):
                    // The grid shows the list under it: it starts from the list's snapshot.
                    let list = layers.last { ($0 as? FeedLayer)?.feed == opening.id } as? FeedLayer
                    layers.append(GridLayer(opening, selecting: selected, snapshot: list?.snapshot))
                case .catchUp, .catchUpAcross:
                    let layer = CatchUpLayer(catchUpChoices, across: spec == .catchUpAcross)
                    layers.append(layer)
                    out.append(layer.load)
                case .article(let post):
                    let layer = ArticleLayer(post)
                    layers.append(layer)
                    out.append(layer.load)
                case .gallery(let images, let start):
                    let layer = LargeImageLayer(images: images, index: start)
                    layers.append(layer)
                    out.append(layer.load)
                }
            case .pop:
                guard layers.count > 1 else {
                    // Search results are a timeline of their own at the bottom: back is where the search began.
                    // A timeline chosen with `t`: back to the one it was chosen from, else Home (`home`).
                    if let back = wayBack {
                        if cameFrom.last == back { cameFrom.removeLast() }
                        goingBack = true
                        out += apply([.switchTimeline(back)])
                        goingBack = false
                        continue
                    }
                    guard let root = layers.first as? FeedLayer, case .timeline(let results) = root.opening, case .search = results else { continue }
                    if let kept = stackBeforeSearch {
                        parked[results] = [root]
                        if let back = kept.first as? FeedLayer, case .timeline(let t) = back.opening { parked[t] = nil }
                        layers = kept
                        stackBeforeSearch = nil
                        layers[screenIndex].uncovered()
                        // Each list shows its engine's latest rows (the engines ran on; `start` is theirs again).
                        for case let list as FeedLayer in layers { out.append(.feed(list.opening, .start)) }
                    }
                    continue
                }
                // A screen under a screen shows again: it asks again for what it needs (pictures, paging).
                let closed = layers.removeLast()
                if let list = closed as? FeedLayer, list.feed == .notifications || list.feed == .inbox { closedPlaces[list.feed] = list.viewport }
                if let catchUp = closed as? CatchUpLayer, catchUp.choices != catchUpChoices ?? CatchUpChoices() {
                    catchUpChoices = catchUp.choices
                    out.append(.keepCatchUpChoices(catchUp.choices))
                }
                if !closed.isOverlay { layers[screenIndex].uncovered() }
            case .toggleWarning(let key):
                openedWarnings.toggle(key)
            case .focusPost(let id):
                if var list = layers[screenIndex] as? FeedLayer {
                    list.focus(id)
                    layers[screenIndex] = list
                }
            case .switchTimeline(let t):
                if case .search = t {
                    if let current = layers[0] as? FeedLayer, case .timeline(.search) = current.opening {} else { stackBeforeSearch = layers }
                } else {
                    stackBeforeSearch = nil
                }
                // The screens as the user leaves them (what `t` was pressed on), without the picker or a menu.
                let leaving = layers.filter { !$0.isOverlay }
                layers.removeSubrange(1...)
                if let current = layers[0] as? FeedLayer, case .timeline(let old) = current.opening {
                    if old == t { out.append(.feed(.timeline(t), .start)); continue }
                    if t == .home { cameFrom = [] } else if !goingBack, !Self.isSearch(old), !Self.isSearch(t) {
                        cameFrom.removeAll { $0 == old || $0 == t }
                        cameFrom.append(old)
                    }
                    parked[old] = leaving
                }
                // Esc brings back the screens that were over the timeline, as they were; `t` shows the timeline
                // itself, at its place.
                let kept = parked.removeValue(forKey: t) ?? [FeedLayer(.timeline(t))]
                layers = goingBack ? kept : [kept[0]]
                // What was over a timeline Esc no longer leads to goes, and its engines with it.
                for (p, screens) in parked where screens.count > 1 && p != home && !cameFrom.contains(p) { parked[p] = [screens[0]] }
                layers[screenIndex].uncovered()
                for case let list as FeedLayer in layers { out.append(.feed(list.opening, .start)) }
            default:
                out.append(effect)
            }
        }
        return out
    }
}
