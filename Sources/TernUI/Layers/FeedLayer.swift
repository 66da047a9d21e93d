import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// A list screen: a timeline, a thread, a profile or the notifications. It remembers where the user is
/// (anchor, offset, selection), so going back to it returns exactly there; the warnings opened are the
/// session's (`OpenedWarnings`).
struct FeedLayer: Layer {
    let opening: FeedOpening
    var feed: FeedID { opening.id }
    private(set) var viewport = Viewport()
    /// `c` opened or closed a warning: the selected post is kept in view once the heights change.
    private var revealing = false
    /// A filter asked of the engine that its snapshots do not show yet (a second press before the first
    /// answer toggles from what was asked, not from what was shown).
    private var askedFilter: FeedFilter?
    /// What the list leaves out: the engine's, as its snapshot says, or what was just asked of it.
    var filter: FeedFilter { askedFilter ?? snapshot?.filter ?? .everything }
    /// The list as its engine last published it (`LayerMessage.snapshot`); nil until the first arrives.
    private(set) var snapshot: FeedSnapshot?
    private var newRows = NewPostsTracker()
    private var seenVersion = -1
    /// The user has moved: the saved position or the thread's post no longer decides where the view is.
    private var placed = false
    private var pendingEdge: Edge?
    /// `g` or `G` waits for its posts.
    var awaitsEdge: Bool { pendingEdge != nil }
    /// `u` asked the engine for the posts around "read up to here"; the view goes there when they come.
    private var pendingUnread = false
    private(set) var direction = 1
    private var lastFirstVisible = 0
    private var lastReport: FeedCommand?
    private var lastDemand: ThumbnailDemand?
    private var markedRead: Int?
    /// The selected post was wholly in view at the last settle: rows that come in above it (an author
    /// unmuted) keep it there.
    private var selectionWasInView = false
    /// `j` presses that met the last loaded row while older posts were on their way: they move on when the
    /// posts come, as the user meant (50 `j` at once stopped at the page's end), and are forgotten when the
    /// load ends with nothing more or another key is pressed.
    private var owedDown = 0
    private var owedSince = -1
    /// A load of older posts was seen under way since the owed presses last moved.
    private var owedSawLoading = false

    private enum Edge { case top, bottom }
    private var sizes = ViewAcrossSizes()

    /// `place`: where the list was left when it was last closed (the notifications keep theirs).
    init(_ opening: FeedOpening, snapshot: FeedSnapshot? = nil, place: Viewport? = nil) {
        self.opening = opening
        self.snapshot = snapshot
        if let place { viewport = place }
    }

    var isOverlay: Bool { false }

    /// A snapshot of this list is kept; `settle` then brings the view in line with it (new rows counted,
    /// the saved place or the thread's post found, owed moves made).
    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? {
        guard case .snapshot(let s) = message, s.feed == feed else { return nil }
        if s.filter == askedFilter { askedFilter = nil }
        // The selected post left the list (deleted, hidden): the selection goes on to the next row below
        // it that stays, where the reader was going, rather than back to the top of the view.
        if let old = snapshot, let id = viewport.selectedID, !s.rows.contains(where: { $0.id == id }),
           let at = old.rows.firstIndex(where: { $0.id == id }) {
            // A conversation with a newer message (the user's answer) comes back at the top as an entry of its
            // own: the selection, and the view, go with it (they went on to the next conversation).
            if let conversation = old.rows[at].post?.conversation?.id,
               let moved = s.rows.first(where: { $0.post?.conversation?.id == conversation }) {
                viewport = Viewport(anchorID: moved.id, anchorOffset: 0, selectedID: moved.id)
            } else {
                let staying = Set(s.rows.map(\.id))
                let next = old.rows[(at + 1)...].first { staying.contains($0.id) && !$0.isLabel && $0.id != FeedSnapshot.readMarkID }
                    ?? old.rows[..<at].last { staying.contains($0.id) && !$0.isLabel && $0.id != FeedSnapshot.readMarkID }
                if let next { viewport.selectedID = next.id }
            }
        }
        snapshot = s
        return []
    }

    func metrics(_ env: LayerEnv, _ snapshot: FeedSnapshot) -> Viewport.Metrics {
        env.renderer.metrics(snapshot, width: env.columns, viewHeight: env.listHeight, revealed: env.openedWarnings, now: env.now)
    }

    // MARK: Keys

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        placed = true
        sizes.moved()
        let action = env.keymap.action(for: key)
        // A key pressed while `g`, `G` or `u` waits for its posts acts on the post the screen shows: the
        // jump's landing must not move the selection from under it. It did, and a like pressed just after
        // `g` went to the post that came in at the top (a chaos run's lost like).
        if action != .top, action != .bottom { pendingEdge = nil }
        if action != .firstUnread { pendingUnread = false }
        if case .mouse(let event) = key { return mouse(event, env) }
        guard let action else { return Self.unbound(key, env) }
        let snapshot = snapshot ?? FeedSnapshot(feed: feed)
        let m = metrics(env, snapshot)
        viewport.normalize(m)
        let row = viewport.selectedIndex(m).map { snapshot.rows[$0] }
        if action != .lineDown { owedDown = 0 }
        if let post = row?.post, post.isWebFeedItem, let why = Self.notForFeedItems(action) { return [.say(why, error: false)] }
        switch action {
        case .lineDown:
            let before = viewport
            viewport.selectNext(m)
            if viewport == before, !snapshot.reachedEnd, viewport.selectedIndex(m) == m.ids.count - 1 {
                if owedDown == 0 { (owedSince, owedSawLoading) = (snapshot.version, snapshot.loadingOlder) }
                owedDown += 1
            }
        case .lineUp: viewport.selectPrevious(m)
        case .pageDown: viewport.page(1, m)
        case .pageUp: viewport.page(-1, m)
        case .top:
            viewport.toTop(m)
            newRows.clear()
            if snapshot.moreNewer { pendingEdge = .top; return [.feed(opening, .jump(top: true))] }
        case .bottom:
            viewport.toBottom(m)
            if snapshot.moreOlder { pendingEdge = .bottom; return [.feed(opening, .jump(top: false))] }
        case .firstUnread: return firstUnread(snapshot, m)
        case .nextUnread:
            // Down from the selection, the next item of a web feed not read yet.
            let from = (viewport.selectedIndex(m) ?? -1) + 1
            guard from < snapshot.rows.count,
                  let next = snapshot.rows[from...].first(where: { $0.post?.unread == true }) else {
                return [.say(Self.noUnreadBelow(in: opening, env), error: false)]
            }
            viewport.select(next.id, m)
            viewport.keepSelectionVisible(m)
        case .open: return open(row)
        case .back: return [.pop]
        case .profile:
            guard let account = row?.account, !account.id.isEmpty else { return [] }
            if case .profile(let shown) = opening { return Self.profile(of: account, post: row?.post, showing: shown) }
            return Self.profile(of: account, post: row?.post)
        case .notifications:
            return feed == .notifications ? [] : [.push(.feed(.notifications))]
        case .inbox:
            return feed == .inbox ? [] : [.push(.feed(.inbox))]
        case .timelines:
            let author = row?.account
            var effects: [Effect] = [.push(.picker(TimelinePicker(current: currentTimeline, author: author, lists: env.lists ?? [],
                                                                                  accountless: env.accountless)))]
            // Asked for each time: the followed hashtags change as the user follows them, and unread counts
            // as items are read (the picker shows what was known, and adds what comes).
            effects += [.fetchLists, .fetchWebFeedLists]
            return effects
        case .accounts: return Self.accountChoice(env)
        case .search: return [.push(.search)]
        case .catchUp: return [.push(feed == .inbox ? .catchUpAcross : .catchUp)]
        case .like, .save, .boost, .react, .vote, .translate, .reply, .quote, .edit, .delete, .links, .copyLink, .copyText:
            return postAction(action, on: row, env)
        case .refresh: return [.feed(opening, .refresh)]
        case .compose: return [.compose(.new)]
        case .reveal:
            guard let row else { return [] }
            revealing = true
            return [.toggleWarning(OpenedWarnings.key(row))]
        case .viewImage: return Self.viewLarge(row?.post, attachment: nil, env)
        case .openLink: return Self.openLink(row?.post, text: nil)
        case .retryImages:
            guard let row else { return [.say(Self.nothingToRetry, error: false)] }
            let failed = env.renderer.layout(row, width: env.columns, revealed: env.openedWarnings.isOpen(row), now: env.now).media
                .compactMap(\.request).filter { if case .failed = env.images[$0] { return true } else { return false } }
            return failed.isEmpty ? [.say(Self.nothingToRetry, error: false)] : [.retryImages(failed)]
        case .follow: return follow(snapshot, env)
        case .grid where feed != .notifications:
            // A grid of pictures with pictures turned off would draw them all the same.
            if env.renderer.pictures.off { return [.say("No grid: pictures are off (images = off)", error: false)] }
            return [.push(.grid(opening, selecting: row?.post?.id))]
        case .mentionsOnly, .grid:
            guard feed == .notifications else { return [] }
            let next: FeedFilter = filter == .mentionsOnly ? .everything : .mentionsOnly
            askedFilter = next
            return [.feed(opening, .filter(next)), .say(next == .mentionsOnly ? "Mentions only" : "All notifications", error: false)]
        case .toggleBoosts, .mediaOnly:
            guard case .profile = opening else { return [] }
            let wanted: FeedFilter = action == .toggleBoosts ? .withoutBoosts : .mediaOnly
            let next: FeedFilter = filter == wanted ? .everything : wanted
            askedFilter = next
            let words: [FeedFilter: String] = [.everything: "All posts", .withoutBoosts: "Posts without boosts", .mediaOnly: "Posts with pictures"]
            return [.feed(opening, .filter(next)), .say(words[next] ?? "", error: false)]
        case .menu: return menu(for: row, env)
        case .help: return [.push(.help)]
        // Ctrl-L is the runner's, on every screen: it never reaches a layer.
        case .redraw: return []
        case .focusPane: return [.say(Self.onePane, error: false)]
        case .quit: return [.quit]
        }
        return []
    }

    private var currentTimeline: TimelineID {
        if case .timeline(let t) = opening { return t }
        return .home
    }

    /// `u`: the oldest post above "read up to here" at the top of the view, the line under it.
    private mutating func firstUnread(_ snapshot: FeedSnapshot, _ m: Viewport.Metrics) -> [Effect] {
        pendingUnread = false
        if let i = m.index[FeedSnapshot.readMarkID] {
            // At the window's top the post above is still in the store: the line is shown, and scrolling up reads it.
            let target = i > 0 ? m.ids[i - 1] : m.ids[i]
            viewport = Viewport(anchorID: target, anchorOffset: 0, selectedID: target)
            viewport.normalize(m)
            return []
        }
        guard let mark = snapshot.readUpTo, m.index[mark] == nil, snapshot.moreNewer || snapshot.moreOlder else {
            return [.say("Nothing new above what you had read", error: false)]
        }
        pendingUnread = true
        return [.feed(opening, .jumpToUnread)]
    }

    // MARK: Mouse

    private mutating func mouse(_ event: MouseEvent, _ env: LayerEnv) -> [Effect] {
        guard let snapshot else { return [] }
        let m = metrics(env, snapshot)
        viewport.normalize(m)
        switch event.button {
        case .wheelUp: scroll(by: -3, env)
        case .wheelDown: scroll(by: 3, env)
        case .left:
            let line = event.row - 1
            guard line >= 0, line < env.listHeight,
                  let p = viewport.visible(m).last(where: { $0.top <= line }) else { return [] }
            let row = snapshot.rows[p.index]
            viewport.select(row.id, m)
            let l = env.renderer.layout(row, width: env.columns, revealed: env.openedWarnings.isOpen(row), now: env.now)
            let within = line - p.top
            if let box = l.media.first(where: { within >= $0.line && within < $0.line + $0.rows
                                                && event.column >= $0.column && event.column < $0.column + $0.columns }) {
                if case .profile = row { return [] }
                // An emoji is part of the text, not a picture to view.
                if box.isEmoji { return [] }
                // An avatar opens its author, as `p` does.
                if box.isAvatar, let author = row.post?.account {
                    if case .profile(let shown) = opening, shown.id == author.id { return [] }
                    return [.push(.feed(.profile(author)))]
                }
                return Self.viewLarge(row.post, attachment: box.attachment, env)
            }
            if within < l.lines.count, let seg = l.lines[within].first(where: {
                event.column >= $0.column && event.column < $0.column + $0.text.width }), seg.role == .link {
                return Self.openLink(row.post, text: seg.text.string)
            }
            if within < l.lines.count, let seg = l.lines[within].first(where: {
                event.column >= $0.column && event.column < $0.column + $0.text.width }), seg.role == .mention,
               let post = row.post, let m = Self.mentions(post).first(where: { $0.text.contains(seg.text.string) || seg.text.string.contains($0.text) }) {
                return [.openMention(url: m.url)]
            }
        default: break
        }
        return []
    }

    /// Moves the view by lines (the wheel), keeping the selection in view.
    mutating func scroll(by lines: Int, _ env: LayerEnv) {
        guard let snapshot else { return }
        placed = true
        sizes.moved()
        let m = metrics(env, snapshot)
        viewport.normalize(m)
        viewport.scroll(by: lines, m)
        selectFirstInView(m)
    }

    /// The selection follows a scroll to the first post whose top is in view, without moving the view
    /// again: a wheel step scrolls three lines, even when that post is taller than what is left below it
    /// (revealing it scrolled five once link cards drew their pictures).
    private mutating func selectFirstInView(_ m: Viewport.Metrics) {
        let shown = viewport.visible(m)
        if let s = viewport.selectedIndex(m), shown.contains(where: { $0.index == s && $0.top >= 0 }) { return }
        let rows = shown.filter { !m.isLabel($0.index) }
        if let first = rows.first(where: { $0.top >= 0 }) ?? rows.first { viewport.selectedID = m.ids[first.index] }
    }

    // MARK: Settling

    mutating func uncovered() { lastDemand = nil }

    /// Selects a post and brings it to the top of the view, if the list has it.
    mutating func focus(_ id: String) {
        // The post it was on (the grid closed where it opened): the list as it was, line and all. It went to
        // the top of the view, against "Esc goes back to exactly where you were".
        guard id != viewport.selectedID else { return }
        viewport = Viewport(anchorID: id, anchorOffset: 0, selectedID: id)
        placed = true
        sizes.moved()
    }

    mutating func settle(_ env: LayerEnv) -> [Effect] {
        guard let snapshot else { return [] }
        let m = metrics(env, snapshot)
        let resized = sizes.settle([env.listHeight, env.columns], &viewport)
        let fresh = snapshot.version != seenVersion
        if fresh {
            seenVersion = snapshot.version
            newRows.arrived(snapshot.arrivals)
        }
        // Until the user moves: open at the thread's post, or where they left this list last time.
        if !placed {
            if let focus = snapshot.focusID, m.index[focus] != nil {
                viewport = Viewport(anchorID: focus, anchorOffset: 0, selectedID: focus)
                // A thread shorter than the screen shows what the post answers above it, not blank below.
                viewport.normalize(m)
                viewport.scroll(by: 0, m)
            } else if let saved = snapshot.savedPosition, m.index[saved.anchorID] != nil {
                // Kept at another size (a restart in a smaller terminal, a resize since): the selection in view.
                // Put back at each settle until a key, it left the selected post below an 80×24 screen.
                viewport = Self.viewport(at: saved, m)
                viewport.keepSelectionVisible(m)
            }
        }
        if let edge = pendingEdge, edge == .top ? !snapshot.moreNewer : !snapshot.moreOlder {
            pendingEdge = nil
            if edge == .top { viewport.toTop(m) } else { viewport.toBottom(m) }
        }
        if pendingUnread, let mark = snapshot.readUpTo, m.index[mark] != nil {
            pendingUnread = false
            if let i = m.index[FeedSnapshot.readMarkID] {
                let target = m.ids[max(0, i - 1)]
                viewport = Viewport(anchorID: target, anchorOffset: 0, selectedID: target)
            }
        }
        if owedDown > 0, snapshot.version != owedSince {
            owedSince = snapshot.version
            viewport.normalize(m)
            let owed = owedDown
            while owedDown > 0, let s = viewport.selectedIndex(m), s + 1 < m.ids.count {
                viewport.selectNext(m)
                owedDown -= 1
            }
            // Still at the end, the next page is asked for as these rows are seen. Other news (a count, a
            // post above) changes nothing; a load that ended with nothing below ends the waiting.
            if owedDown < owed { owedSawLoading = false }
            owedSawLoading = owedSawLoading || snapshot.loadingOlder
            if snapshot.reachedEnd || (owedDown == owed && owedSawLoading && !snapshot.loadingOlder) { owedDown = 0 }
        }
        viewport.normalize(m)
        // A search opens on its first result, not on the heading or the progress line over it (where `p`
        // did nothing), and until the user moves, the server's finds coming above take it; the view stays
        // at the top, so the headings are seen.
        if !placed, snapshot.rows.contains(where: \.isLabel), let first = snapshot.rows.firstIndex(where: { !$0.isLabel }),
           viewport.selectedID != m.ids[first] {
            viewport.selectedID = m.ids[first]
            viewport.keepSelectionVisible(m)
        }
        if resized || revealing { viewport.keepSelectionVisible(m) }
        if fresh, selectionWasInView, !viewport.selectionInView(m) { viewport.revealSelection(m) }
        selectionWasInView = viewport.selectionInView(m)
        revealing = false
        let shown = viewport.visible(m)
        newRows.seen(shown.map { m.ids[$0.index] })
        var effects: [Effect] = []
        if let first = shown.first?.index {
            if first != lastFirstVisible { direction = first > lastFirstVisible ? 1 : -1 }
            lastFirstVisible = first
        }
        // Pictures: the rows in view now, the rows ahead in the direction of travel early.
        func layout(_ i: Int) -> RowLayout {
            let row = snapshot.rows[i]
            return env.renderer.layout(row, width: env.columns, revealed: env.openedWarnings.isOpen(row), now: env.now)
        }
        let visible = shown.map { layout($0.index) }
        // Low data: nothing ahead, and only the selected post's pictures; the others ask for their blurhash.
        let lowData = env.renderer.pictures.lowData
        let ahead = lowData ? [] : Viewport.ahead(of: shown, direction: direction, count: env.prefetchRows, total: snapshot.rows.count)
            .flatMap { layout($0).media }
        let demand = ThumbnailDemand(visible: visible.map { l in
            guard lowData, l.id != viewport.selectedID else { return RowMedia(id: l.id, boxes: l.media) }
            return RowMedia(id: l.id, boxes: l.media.map { box in
                guard let r = box.request, env.images[r] == nil else { return box }
                var b = box
                b.request = nil
                b.blurKey = RowLayout.blurKey(box.attachment, columns: box.columns, rows: box.rows)
                return b
            })
        }, ahead: ahead)
        if demand != lastDemand {
            lastDemand = demand
            effects.append(.thumbnails(demand))
        }
        // Where the user is, for paging and the saved position: the first and last posts in view.
        let posts = shown.filter { if case .post = snapshot.rows[$0.index] { return true } else { return false } }
        if let first = posts.first, let last = posts.last {
            let report = FeedCommand.viewed(firstID: snapshot.rows[first.index].id, lastID: snapshot.rows[last.index].id,
                                            anchorID: snapshot.rows[first.index].id, offset: -first.top,
                                            selectedID: viewport.selectedIndex(m).map { m.ids[$0] })
            if report != lastReport { lastReport = report; effects.append(.feed(opening, report)) }
        } else if feed == .notifications || feed == .inbox, let first = shown.first, let last = shown.last {
            let report = FeedCommand.viewed(firstID: snapshot.rows[first.index].id, lastID: snapshot.rows[last.index].id,
                                            anchorID: viewport.anchorID, offset: viewport.anchorOffset)
            if report != lastReport { lastReport = report; effects.append(.feed(opening, report)) }
        }
        // The newest notification in view has been seen (asked once per snapshot that still counts it unread).
        if feed == .notifications || feed == .inbox, shown.first?.index == 0, (snapshot.unread ?? 0) > 0, markedRead != snapshot.version {
            markedRead = snapshot.version
            effects.append(.feed(opening, .markRead))
        }
        return effects
    }

    // MARK: Drawing

    func render(_ env: LayerEnv, into screen: Canvas) {
        let snapshot = snapshot ?? { var s = FeedSnapshot(feed: feed); s.opening = true; return s }()
        env.renderer.drawList(snapshot, viewport: viewport, revealed: env.openedWarnings, title: title(lists: env.lists), newAbove: newRows.count,
                              env: env, on: screen)
    }
}
