import TernHTTP
import TernImages
import TernModel

/// Feeds the image pipeline from the list: cells in view ask at visible priority (through the cell pool,
/// so a cell leaving the screen cancels its requests), and the rows ahead of the user ask at prefetch
/// priority, cancelled when they fall out of the window. Holds the drawn images' states.
final class ThumbnailFeeder {
    private(set) var images: [ThumbnailRequest: ImageState] = [:]
    /// Large pictures on their way: bytes so far and in all (when the server said).
    private(set) var progress: [ThumbnailRequest: (received: Int, total: Int?)] = [:]
    private let loader: ImageLoader
    private let mailbox: Mailbox
    private let pool = CellPool()
    private var prefetching: [ThumbnailRequest: Task<Void, Never>] = [:]
    /// Pictures whose cached failure the next request must clear first (`R`).
    private var retrying: Set<ThumbnailRequest> = []
    /// What the list asked for last, to ask again after the cells are reset.
    private var demand: ThumbnailDemand?
    /// Finished pictures made for an earlier graphics mode: shown until their new form arrives.
    private var stale: Set<ThumbnailRequest> = []
    /// What the loader makes thumbnails for (nil: symbols only).
    private var output: PixelOutput?

    init(loader: ImageLoader, mailbox: Mailbox) {
        self.loader = loader
        self.mailbox = mailbox
    }

    /// A result arrived through the mailbox.
    func accept(_ request: ThumbnailRequest, _ state: ImageState) {
        // A placeholder never replaces a finished picture.
        if case .placeholder = state, case .ready = images[request] { return }
        if case .placeholder = state, stale.contains(request) { return }
        images[request] = state
        if case .placeholder = state { return }
        stale.remove(request)
        prefetching[request] = nil
        progress[request] = nil
    }

    /// The loader switches to another graphics output, then the pictures in view and ahead are asked for
    /// again in their new form, the old ones shown meanwhile.
    func use(_ output: PixelOutput?) {
        guard output != self.output else { return }
        self.output = output
        let loader = self.loader, mailbox = self.mailbox
        Task.detached {
            await loader.setPixelOutput(output)
            mailbox.post(.picturesChanged)
        }
    }

    func refreshAll() {
        stale = Set(images.compactMap { if case .ready = $0.value { $0.key } else { nil } })
        for (_, task) in prefetching { task.cancel() }
        prefetching = [:]
        askAgain()
    }

    /// A large picture's download moved on.
    func accept(_ request: ThumbnailRequest, received: Int, total: Int?) {
        guard images[request].map({ if case .ready = $0 { false } else { true } }) ?? true else { return }
        progress[request] = (received, total)
    }

    /// Cells for the rows in view; prefetches for the rows ahead. Returns nothing: results come by mail.
    func update(_ demand: ThumbnailDemand) {
        self.demand = demand
        let visible = demand.visible, ahead = demand.ahead
        // A cell is a row with what it asks for: a row whose wants change (low data's selected post gets
        // its pictures instead of blurhashes) gets a new cell, and the old one's requests end.
        func key(_ row: RowMedia) -> String {
            row.id + "|" + row.boxes.map { b in (b.request ?? b.blurKey).map { "\($0.url) \($0.columns)x\($0.rows)" } ?? "-" }
                .joined(separator: "|")
        }
        let byKey = Dictionary(visible.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        pool.update(visible: visible.map(key)) { id, cell in
            guard let row = byKey[id] else { return }
            cell.configure(postID: row.id, requests: row.boxes.compactMap { request($0, priority: .visible) })
        }
        let wanted = Set(ahead.compactMap(\.request))
        let inView = Set(visible.flatMap { $0.boxes.compactMap { $0.request ?? $0.blurKey } })
        // A prefetch whose row came into view keeps going: its cell joins the same download.
        for (request, task) in prefetching where !wanted.contains(request) && !inView.contains(request) {
            task.cancel()
            prefetching[request] = nil
        }
        for box in ahead {
            guard let r = box.request, prefetching[r] == nil, let task = request(box, priority: .prefetch) else { continue }
            prefetching[r] = task
        }
        prune(keeping: inView.union(wanted).union(demand.pinned))
    }

    /// A picture outside the list (the large view), at visible priority.
    func requestLarge(_ request: ThumbnailRequest, blurhash: String?, aspect: Double?) {
        let attachment = MediaAttachment(id: request.url, kind: .image, url: request.url, previewURL: nil, blurhash: blurhash)
        let box = MediaBox(line: 0, column: 0, columns: request.columns, rows: request.rows, attachment: attachment, request: request)
        let mailbox = self.mailbox
        _ = self.request(box, priority: .visible, aspect: aspect) { received, total in
            mailbox.post(.imageProgress(request, received: received, total: total))
        }
    }

    /// Forgets failures of these pictures and asks for them again. Synchronous: the UI loop never waits,
    /// the request tasks clear the loader's memory of the failure before asking.
    func retry(_ requests: [ThumbnailRequest]) {
        for r in requests {
            guard case .failed = images[r] else { continue }
            images[r] = nil
            retrying.insert(r)
        }
        askAgain()
    }

    /// Forgets pictures the terminal no longer holds, so a box that shows one asks for it again.
    func forget(_ requests: [ThumbnailRequest]) {
        guard !requests.isEmpty else { return }
        for r in requests { images[r] = nil }
        askAgain()
    }

    /// New cells for what the list asked for last: each asks again for what it lacks.
    private func askAgain() {
        pool.reset()
        if let demand { update(demand) }
    }

    /// Drops every cell's requests (a resize changes every box).
    func reset() {
        demand = nil
        pool.reset()
        for (_, task) in prefetching { task.cancel() }
        prefetching = [:]
    }

    /// Starts loading a box's picture unless it is already there; the task posts the blurhash first.
    private func request(_ box: MediaBox, priority: ImagePriority, aspect: Double? = nil,
                         progress: HTTPFetch.Progress? = nil) -> Task<Void, Never>? {
        guard let request = box.request else { return blurOnly(box) }
        switch images[request] {
        case .ready? where !stale.contains(request): return nil
        case .failed?: return nil
        default: break
        }
        let loader = self.loader, mailbox = self.mailbox
        let hash = images[request] == nil ? box.attachment.blurhash : nil
        let aspect = aspect ?? box.attachment.thumbnailAspectRatio
        let clearFailure = retrying.remove(request) != nil
        return Task.detached(priority: priority == .visible ? .userInitiated : .utility) {
            if clearFailure { await loader.retry(url: request.url) }
            if let hash, let grid = await loader.placeholder(blurhash: hash, aspect: aspect, columns: request.columns, rows: request.rows) {
                if Task.isCancelled { return }
                mailbox.post(.image(request, .placeholder(grid)))
            }
            do {
                let thumbnail = try await loader.thumbnail(request, priority: priority, progress: progress)
                mailbox.post(.image(request, .ready(thumbnail)))
            } catch let error as ImageError {
                mailbox.post(.image(request, .failed(error.description)))
            } catch {}
        }
    }

    /// A hidden sensitive picture: only its blurhash is drawn, and nothing is downloaded.
    private func blurOnly(_ box: MediaBox) -> Task<Void, Never>? {
        guard let key = box.blurKey, images[key] == nil, let hash = box.attachment.blurhash else { return nil }
        let loader = self.loader, mailbox = self.mailbox, aspect = box.attachment.thumbnailAspectRatio
        return Task.detached(priority: .userInitiated) {
            if let grid = await loader.placeholder(blurhash: hash, aspect: aspect, columns: key.columns, rows: key.rows),
               !Task.isCancelled {
                mailbox.post(.image(key, .ready(Thumbnail(grid: grid))))
            }
        }
    }

    /// Keeps the image table to what is in view or ahead once it holds more than `tableBudget` bytes; the
    /// loader's caches keep the rest.
    private func prune(keeping live: Set<ThumbnailRequest>) {
        guard images.values.reduce(0, { $0 + $1.byteCount }) > Self.tableBudget else { return }
        images = images.filter { live.contains($0.key) }
    }

    static let tableBudget = 4 << 20
}
