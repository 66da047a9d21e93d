import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// The interactive list: one loop on the calling thread that waits on the keyboard and on the mailbox,
/// applies what arrived, and draws. It is the only code that touches curses; everything slow runs in
/// tasks that report back through the mailbox.
public final class TimelineApp {
    private let screen: Screen
    private let engine: TimelineEngine
    private let loader: ImageLoader
    private let mailbox: Mailbox
    private let renderer: FrameRenderer
    private let keymap: Keymap
    private let pool = CellPool()
    private var snapshot: TimelineSnapshot
    private var viewport = Viewport()
    private var chrome: FrameChrome
    private var images: [ThumbnailRequest: ImageState] = [:]
    private var messageShownUntil = Date.distantPast
    private var lastMessageID = 0
    private var lastReportedIndex = -1
    private var dirty = true
    private var running = true
    private var lastClockRedraw = Date()
    private var lastWidth = 0

    public init(screen: Screen, engine: TimelineEngine, loader: ImageLoader, mailbox: Mailbox, theme: Theme,
                timeline: TimelineID, title: String, keymap: Keymap = .standard, notice: String? = nil) {
        self.screen = screen
        self.engine = engine
        self.loader = loader
        self.mailbox = mailbox
        self.renderer = FrameRenderer(theme: theme)
        self.keymap = keymap
        self.snapshot = TimelineSnapshot(timeline: timeline)
        self.chrome = FrameChrome(title: title)
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
        pool.reset()
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
            guard s.version > snapshot.version else { return }
            snapshot = s
            if let m = s.message, m.id > lastMessageID {
                lastMessageID = m.id
                show(m.text, error: m.isError)
            }
            renderer.prune(keeping: s.posts)
            dirty = true
        case .image(let request, let state):
            // A placeholder never replaces a finished picture.
            if case .placeholder = state, case .ready = images[request] { return }
            images[request] = state
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
        guard let action = keymap.action(for: key) else { return }
        let m = metrics()
        viewport.normalize(m)
        switch action {
        case .lineDown: viewport.selectNext(m)
        case .lineUp: viewport.selectPrevious(m)
        case .pageDown: viewport.page(1, m)
        case .pageUp: viewport.page(-1, m)
        case .top: viewport.toTop(m)
        case .bottom: viewport.toBottom(m)
        case .like: if let id = viewport.selectedID { engine.send(.toggleFavourite(postID: id)) }
        case .save: if let id = viewport.selectedID { engine.send(.toggleBookmark(postID: id)) }
        case .refresh: engine.send(.refresh)
        case .reveal:
            if let id = viewport.selectedID {
                if chrome.revealed.contains(id) { chrome.revealed.remove(id) } else { chrome.revealed.insert(id) }
                viewport.revealSelection(metrics())
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
            pool.reset()
        }
        let m = metrics()
        viewport.normalize(m)
        let shown = renderer.draw(on: screen, snapshot: snapshot, viewport: viewport, images: images, chrome: chrome, now: Date())
        screen.update()
        pool.update(visible: shown.map { $0.1.post.id }) { id, cell in
            guard let layout = shown.first(where: { $0.1.post.id == id })?.1 else { return }
            cell.configure(postID: id, requests: layout.media.compactMap { requestImage($0) })
        }
        if let last = shown.last?.0.index, last != lastReportedIndex {
            lastReportedIndex = last
            engine.send(.viewed(lastVisibleIndex: last))
        }
        pruneImages()
    }

    /// Starts loading a box's picture unless it is already there; the task posts the placeholder, then the picture.
    private func requestImage(_ box: MediaBox) -> Task<Void, Never>? {
        guard let request = box.request else { return nil }
        if case .ready = images[request] { return nil }
        if case .failed = images[request] { return nil }
        let loader = self.loader, mailbox = self.mailbox
        let hash = images[request] == nil ? box.attachment.blurhash : nil
        let aspect = box.attachment.aspectRatio
        return Task.detached(priority: .userInitiated) {
            if let hash, let grid = await loader.placeholder(blurhash: hash, aspect: aspect, columns: request.columns, rows: request.rows) {
                if Task.isCancelled { return }
                mailbox.post(.image(request, .placeholder(grid)))
            }
            do {
                let grid = try await loader.thumbnail(request)
                if !Task.isCancelled { mailbox.post(.image(request, .ready(grid))) }
            } catch let error as ImageError {
                mailbox.post(.image(request, .failed(error.description)))
            } catch {}
        }
    }

    /// Keeps the drawn-image table to what the visible cells use, once it grows.
    private func pruneImages() {
        guard images.count > 400 else { return }
        let live = Set(pool.active.keys)
        let keep = Set(snapshot.posts.filter { live.contains($0.id) }.flatMap { p in
            renderer.layout(p, width: screen.columns, revealed: chrome.revealed.contains(p.id), now: Date()).media.compactMap(\.request)
        })
        images = images.filter { keep.contains($0.key) }
    }
}
