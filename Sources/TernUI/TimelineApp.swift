import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The interactive list: one loop on the calling thread that waits on the keyboard and on the mailbox,
/// applies what arrived, and draws. It is the only code that touches curses; everything slow runs in
/// tasks that report back through the mailbox. The loop blocks its thread in `poll()`, so nothing may wait
/// for the main actor: results come back through the mailbox, never through `@MainActor` tasks.
public final class TimelineApp {
    /// One timeline the user has opened: its engine and where they were in it.
    private struct OpenTimeline {
        var engine: TimelineEngine
        var snapshot: TimelineSnapshot
        var viewport = Viewport()
        var newPosts = NewPostsTracker()
        var lastReported: TimelineEngine.Command?
        var lastMessageID = 0
        /// `g`/`G` asked the engine for the newest or oldest cached posts: go there when they arrive.
        var pendingEdge: Edge?
    }

    private enum Edge { case top, bottom }

    private let screen: Screen
    private let makeEngine: (TimelineID) -> TimelineEngine
    private let fetchLists: @Sendable () async -> [TimelineID]
    private var open: [TimelineID: OpenTimeline] = [:]
    private var current: TimelineID
    private var picker: TimelinePicker?
    private var lists: [TimelineID]?
    private let mailbox: Mailbox
    private let renderer: FrameRenderer
    private let keymap: Keymap
    private let feeder: ThumbnailFeeder
    private let prefetchRows: Int
    private var direction = 1
    private var lastFirstVisible = 0
    private var lastShown: [(Viewport.Placement, PostLayout)] = []
    // The shown timeline's state, read and written in place.
    private var snapshot: TimelineSnapshot {
        get { open[current]!.snapshot }
        set { open[current]!.snapshot = newValue }
    }
    private var viewport: Viewport {
        get { open[current]!.viewport }
        set { open[current]!.viewport = newValue }
    }
    private var newPosts: NewPostsTracker {
        get { open[current]!.newPosts }
        set { open[current]!.newPosts = newValue }
    }
    private var engine: TimelineEngine { open[current]!.engine }
    private var chrome: FrameChrome
    private var messageShownUntil = Date.distantPast
    private var dirty = true
    private var running = true
    private var lastClockRedraw = Date()
    private var lastWidth = 0
    /// Called once, right after the first frame that shows posts is on the terminal (for `tern-bench startup`).
    public var onFirstPostsFrame: (() -> Void)?

    /// `makeEngine` makes (and starts running) the engine of a timeline the first time the user opens it;
    /// `fetchLists` asks the server for the user's lists, for the `t` picker.
    public init(screen: Screen, makeEngine: @escaping (TimelineID) -> TimelineEngine,
                fetchLists: @escaping @Sendable () async -> [TimelineID], loader: ImageLoader, mailbox: Mailbox,
                theme: Theme, timeline: TimelineID, title: String, keymap: Keymap = .standard, prefetchRows: Int = 10,
                notice: String? = nil) {
        self.screen = screen
        self.makeEngine = makeEngine
        self.fetchLists = fetchLists
        self.current = timeline
        self.mailbox = mailbox
        self.renderer = FrameRenderer(theme: theme)
        self.keymap = keymap
        self.prefetchRows = max(0, prefetchRows)
        self.feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        self.chrome = FrameChrome(title: title)
        self.open[timeline] = OpenTimeline(engine: makeEngine(timeline), snapshot: TimelineSnapshot(timeline: timeline))
        if let notice { show(notice, error: true) }
    }

    /// Runs until the user quits.
    public func run() {
        engine.send(.start)
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
        while running {
            tick()
            if dirty { drawFrame() }
            _ = poll(&fds, 2, 1000)
            while let key = screen.readKey() { handle(key) }
            for event in mailbox.drain() { apply(event) }
        }
        feeder.reset()
        for (_, t) in open { t.engine.stop() }
    }

    /// Shows another timeline, opening it the first time; each keeps its own position.
    private func switchTo(_ timeline: TimelineID) {
        guard timeline != current else { return }
        if open[timeline] == nil {
            open[timeline] = OpenTimeline(engine: makeEngine(timeline), snapshot: TimelineSnapshot(timeline: timeline))
            open[timeline]!.engine.send(.start)
        }
        current = timeline
        lastShown = []
        feeder.reset()
        dirty = true
    }

    private func tick() {
        let now = Date()
        if chrome.message != nil, now >= messageShownUntil { chrome.message = nil; dirty = true }
        if now.timeIntervalSince(lastClockRedraw) >= 30 {
            // Relative ages ("5m") move on.
            lastClockRedraw = now
            renderer.invalidateLayouts()
            dirty = true
        }
    }

    private func show(_ text: String, error: Bool) {
        chrome.message = text
        chrome.messageIsError = error
        messageShownUntil = Date().addingTimeInterval(error ? 8 : 4)
        dirty = true
    }

    // MARK: Events

    private func apply(_ event: UIEvent) {
        switch event {
        case .snapshot(let s):
            guard var t = open[s.timeline], s.version > t.snapshot.version else { return }
            t.newPosts.arrived(s.arrivals)
            if t.viewport.anchorID == nil, let saved = s.savedPosition, s.posts.contains(where: { $0.id == saved.anchorID }) {
                // Back where the user left this timeline last time.
                t.viewport = Viewport(anchorID: saved.anchorID, anchorOffset: saved.offset, selectedID: saved.anchorID)
            }
            t.snapshot = s
            if let m = s.message, m.id > t.lastMessageID {
                t.lastMessageID = m.id
                show(s.timeline == current ? m.text : "\(s.timeline): \(m.text)", error: m.isError)
            }
            open[s.timeline] = t
            dirty = true
        case .lists(let found):
            lists = found
            picker?.add(lists: found)
            dirty = true
        case .image(let request, let state):
            feeder.accept(request, state)
            dirty = true
        case .quit:
            running = false
        }
    }

    private func metrics() -> Viewport.Metrics {
        renderer.metrics(snapshot, width: screen.columns, viewHeight: FrameRenderer.listHeight(screen.rows),
                         revealed: chrome.revealed, now: Date())
    }

    private func handle(_ key: Key) {
        dirty = true
        if key == .resize {
            renderer.invalidateLayouts()
            screen.invalidate()
            return
        }
        if chrome.showHelp {
            chrome.showHelp = false
            if key != .character("q") { return }
        }
        if chrome.largeImage != nil {
            // Any key closes the large view; q also quits.
            chrome.largeImage = nil
            if key != .character("q") { return }
        }
        if chrome.search != nil {
            typeSearch(key)
            return
        }
        if var p = picker {
            switch p.handle(key) {
            case .stay: picker = p
            case .close: picker = nil
            case .choose(let t): picker = nil; switchTo(t)
            }
            return
        }
        guard let action = keymap.action(for: key) else { return }
        let m = metrics()
        viewport.normalize(m)
        switch action {
        case .lineDown: viewport.selectNext(m)
        case .lineUp: viewport.selectPrevious(m)
        case .pageDown: viewport.page(1, m)
        case .pageUp: viewport.page(-1, m)
        case .top:
            viewport.toTop(m)
            newPosts.clear()
            if snapshot.moreNewer { engine.send(.jump(top: true)); open[current]!.pendingEdge = .top }
        case .bottom:
            viewport.toBottom(m)
            if snapshot.moreOlder { engine.send(.jump(top: false)); open[current]!.pendingEdge = .bottom }
        case .search: chrome.search = ""
        case .like: if let id = viewport.selectedID { engine.send(.toggleFavourite(postID: id)) }
        case .save: if let id = viewport.selectedID { engine.send(.toggleBookmark(postID: id)) }
        case .refresh: engine.send(.refresh)
        case .reveal:
            if let id = viewport.selectedID {
                if chrome.revealed.contains(id) { chrome.revealed.remove(id) } else { chrome.revealed.insert(id) }
                viewport.keepSelectionVisible(metrics())
            }
        case .viewImage: viewLarge()
        case .openLink: openLink()
        case .retryImages:
            if let layout = selectedLayout() { feeder.retry(layout) }
        case .timelines:
            let author = snapshot.posts.first { $0.id == viewport.selectedID }?.account
            picker = TimelinePicker(current: current, author: author, lists: lists ?? [])
            if lists == nil {
                let fetch = fetchLists, mailbox = self.mailbox
                Task.detached { mailbox.post(.lists(await fetch())) }
            }
        case .activate:
            if let id = viewport.selectedID, snapshot.gaps.contains(where: { $0.id == id }) {
                // Fill from the side the user came from: moving down, the gap's top; moving up, its bottom.
                engine.send(.fillGap(id: id, fromTop: direction >= 0))
            }
        case .help: chrome.showHelp = true
        case .quit: running = false
        }
    }

    // MARK: Drawing

    private func drawFrame() {
        dirty = false
        if screen.columns != lastWidth {
            lastWidth = screen.columns
            feeder.reset()
        }
        let m = metrics()
        if let edge = open[current]!.pendingEdge,
           edge == .top ? !snapshot.moreNewer : !snapshot.moreOlder {
            open[current]!.pendingEdge = nil
            if edge == .top { viewport.toTop(m) } else { viewport.toBottom(m) }
        }
        viewport.normalize(m)
        let rows = renderer.rows(snapshot)
        newPosts.seen(viewport.visible(m).map { rows[$0.index].id })
        chrome.newAbove = newPosts.count
        chrome.picker = picker?.lines
        let shown = renderer.draw(on: screen, snapshot: snapshot, viewport: viewport, images: feeder.images,
                                  chrome: chrome, now: Date())
        screen.update()
        if !shown.isEmpty, let hook = onFirstPostsFrame {
            onFirstPostsFrame = nil
            hook()
        }
        lastShown = shown
        // Prefetch in the direction the user is going.
        if let first = shown.first?.0.index {
            if first != lastFirstVisible { direction = first > lastFirstVisible ? 1 : -1 }
            lastFirstVisible = first
        }
        let ahead = Viewport.ahead(of: shown.map(\.0), direction: direction, count: prefetchRows, total: rows.count)
            .compactMap { rows[$0].post }
            .map { renderer.layout($0, width: screen.columns, revealed: chrome.revealed.contains($0.id), now: Date()) }
        feeder.update(visible: shown.map(\.1), ahead: ahead, pinned: chrome.largeImage.map { [$0.request] } ?? [])
        // The engine counts posts, not rows: gap rows don't count.
        if let firstID = shown.first?.1.post.id, let lastID = shown.last?.1.post.id,
           let first = snapshot.posts.firstIndex(where: { $0.id == firstID }),
           let last = snapshot.posts[first...].firstIndex(where: { $0.id == lastID }) {
            let report = TimelineEngine.Command.viewed(first: first, last: last, anchorID: viewport.anchorID,
                                                       offset: viewport.anchorOffset)
            if report != open[current]!.lastReported {
                open[current]!.lastReported = report
                engine.send(report)
            }
        }
    }

    /// Keys while the `/` line is open: text, Backspace, Enter to search, Escape to close.
    private func typeSearch(_ key: Key) {
        switch key {
        case .escape: chrome.search = nil
        case .backspace: if chrome.search?.isEmpty == false { chrome.search?.removeLast() }
        case .enter:
            let query = chrome.search?.trimmingCharacters(in: .whitespaces) ?? ""
            chrome.search = nil
            guard !query.isEmpty else { return }
            let timeline = TimelineID.search(query)
            if open[timeline] != nil { open[timeline]!.engine.send(.refresh) }
            switchTo(timeline)
        case .character(let c) where !c.isNewline && c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }):
            if (chrome.search?.count ?? 0) < 200 { chrome.search?.append(c) }
        default: break
        }
    }

    private func selectedLayout() -> PostLayout? {
        lastShown.first { $0.1.post.id == viewport.selectedID }?.1
    }

    /// `v`: the selected post's first picture, as large as the screen allows, from the original file.
    private func viewLarge() {
        guard let post = snapshot.posts.first(where: { $0.id == viewport.selectedID }),
              let media = post.media.first(where: { $0.url != nil || $0.previewURL != nil }),
              let url = (media.kind == .image ? media.url : nil) ?? media.previewURL else {
            show("No picture in this post", error: false)
            return
        }
        let request = ThumbnailRequest(url: url, columns: max(10, screen.columns - 4), rows: max(4, screen.rows - 5))
        chrome.largeImage = LargeImage(request: request, caption: media.description ?? "")
        feeder.requestLarge(request, blurhash: media.blurhash, aspect: media.aspectRatio)
    }

    /// `o`: the first link in the post, else the post itself, in the user's browser.
    private func openLink() {
        guard let post = snapshot.posts.first(where: { $0.id == viewport.selectedID }) else { return }
        let link = post.content.paragraphs.flatMap { $0.flatMap { $0 } }.compactMap { run -> String? in
            if case .link(let url) = run.style { return url }
            return nil
        }.first ?? post.url
        guard let link else { show("This post has no link", error: false); return }
        switch BrowserLauncher.open(link) {
        case .opened(let program): show("Opened in \(program)", error: false)
        case .noBrowser: show("Link: \(link)", error: false)
        case .refused(let why): show(why, error: true)
        }
    }
}
