import AsyncHTTPClient
import Foundation
import NIOCore
import TernHTTP
import TernModel

/// What the list asks for: a picture at a URL, fitted into a box of cells.
package struct ThumbnailRequest: Sendable, Hashable {
    package var url: String
    package var columns: Int
    package var rows: Int
    /// The whole picture, as large as fits in the box with its shape kept (the large view). Otherwise the
    /// picture fills its box, cropped from the centre if its shape differs: a list's box was laid out from
    /// the server's sizes and must not be left half empty.
    package var whole: Bool
    /// Where a crop centres: the picture's subject, as its author marked it (nil: the middle).
    package var focus: FocalPoint?

    package init(url: String, columns: Int, rows: Int, whole: Bool = false, focus: FocalPoint? = nil) {
        self.url = url
        self.columns = columns
        self.rows = rows
        self.whole = whole
        self.focus = focus
    }
}

/// Rows in view outrank rows fetched ahead of the user.
package enum ImagePriority: Int, Sendable, Comparable {
    case prefetch = 0
    case visible = 1

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Counters for tests and benchmarks.
package struct ImageLoaderStats: Sendable, Equatable {
    package var memoryHits = 0
    package var diskHits = 0
    package var downloadsStarted = 0
    package var downloadsCancelled = 0
    package var decodes = 0
}

/// The image pipeline. A request is answered from rendered grids in memory, else from decoded pixels, else
/// from the disk cache, else from the network. Concurrent requests for one picture share one download and
/// one decode; downloads and decodes are bounded, and visible requests overtake prefetch ones. A request
/// cancelled while queued costs nothing; one cancelled mid-download stops the transfer.
package actor ImageLoader {
    private let http: HTTPClient
    private let colorMode: ImageColorMode
    private var pixelOutput: PixelOutput?
    /// Bumped when the pixel output changes: thumbnails made for the old one are not kept.
    private var generation = 0
    private let limits: ImageLimits
    /// Only the disk cache is used; nothing is downloaded.
    private let offline: Bool
    private let disk: DiskCache?
    private let maxDownloads: Int
    private let maxDecodes: Int
    private let workers: [RenderWorker]
    private var nextWorker = 0
    private var grids: MemoryCache<ThumbnailRequest, Thumbnail>
    private var pixels: MemoryCache<String, RGBAImage>
    private var failures: [String: (error: ImageError, until: Date)] = [:]
    private var jobs: [ThumbnailRequest: Job] = [:]
    private var sequence = 0
    private var nextWaiter = 0
    private var activeDownloads = 0
    private var activeDecodes = 0
    static let decodesPerRelease = 24
    /// Decodes since free memory was last handed back (`HeapTuning.release`).
    private var decodesSinceRelease = 0
    package private(set) var stats = ImageLoaderStats()

    /// One picture in the making, shared by everyone waiting for it.
    private final class Job {
        enum Stage {
            case lookingUpDisk
            case queued
            case downloading(Task<Void, Never>)
            case readyToDecode(RenderWorker.Source)
            case decoding
        }

        let request: ThumbnailRequest
        let sequence: Int
        var priority: ImagePriority
        var stage: Stage = .lookingUpDisk
        var waiters: [Int: CheckedContinuation<Thumbnail, Error>] = [:]
        /// Who hears of the download as it comes (the large view's "45%").
        var listeners: [HTTPFetch.Progress] = []

        init(request: ThumbnailRequest, sequence: Int, priority: ImagePriority) {
            self.request = request
            self.sequence = sequence
            self.priority = priority
        }
    }

    /// `http` is owned by the caller. Thumbnails and decoded pixels are each bounded by their byte budgets.
    /// With `pixels`, each thumbnail also carries what a pixel-drawing terminal shows.
    package init(http: HTTPClient, colorMode: ImageColorMode, pixels: PixelOutput? = nil, limits: ImageLimits = ImageLimits(),
                diskCache: DiskCache? = nil, gridBudget: Int = 4 << 20, pixelBudget: Int = 2 << 20,
                maxDownloads: Int = 6, maxDecodes: Int = ProcessInfo.processInfo.activeProcessorCount,
                offline: Bool = false) {
        self.http = http
        self.offline = offline
        self.colorMode = colorMode
        self.pixelOutput = Self.sendable(pixels)
        self.limits = limits
        self.disk = diskCache
        self.maxDownloads = max(1, maxDownloads)
        self.maxDecodes = max(1, maxDecodes)
        self.workers = (0..<self.maxDecodes).map { _ in RenderWorker() }
        grids = MemoryCache(budget: gridBudget)
        self.pixels = MemoryCache(budget: pixelBudget)
    }

    /// The thumbnail. Throws `ImageError` when the picture can't be shown, `CancellationError` when the
    /// calling task is cancelled first.
    package func thumbnail(_ request: ThumbnailRequest, priority: ImagePriority = .visible,
                          progress: HTTPFetch.Progress? = nil) async throws -> Thumbnail {
        if let grid = grids.get(request) {
            stats.memoryHits += 1
            return grid
        }
        if let failure = failures[request.url], failure.until > Date() { throw failure.error }
        try Task.checkCancellation()
        nextWaiter += 1
        let waiter = nextWaiter
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(request, priority: priority, waiter: waiter, progress: progress, continuation)
            }
        } onCancel: {
            Task { await self.leave(request, waiter: waiter) }
        }
    }

    /// Requests waiting for a download slot (for tests and benchmarks).
    package var queuedCount: Int {
        jobs.values.filter { if case .queued = $0.stage { return true } else { return false } }.count
    }

    /// Downloads a picture into the disk cache without decoding it (`tern sync`). Returns false when it
    /// was cached already.
    @discardableResult
    package func fetchIntoDiskCache(_ url: String) async throws -> Bool {
        guard disk != nil else { throw ImageError.download("no disk cache") }
        return try await original(url).downloaded
    }

    /// A file's bytes from the disk cache, else the network (then kept there), and whether they were
    /// downloaded: what a GIF is played from, and what `tern sync` keeps.
    package func original(_ url: String) async throws -> (bytes: [UInt8], downloaded: Bool) {
        if let disk, !Self.isLocal(url), let bytes = await disk.data(for: url) { return (bytes, false) }
        guard !offline || Self.isLocal(url) else { throw ImageError.notCached }
        let bytes = try await Self.download(url, http: http, limits: limits)
        if let disk, !Self.isLocal(url) { await disk.store(bytes, for: url) }
        return (bytes, true)
    }

    /// How pictures are made now: the colours of symbols, the terminal's pixels (nil: none), the bounds.
    var drawing: (ImageColorMode, PixelOutput?, ImageLimits) { (colorMode, pixelOutput, limits) }

    /// Thumbnails from now on carry pixels for this output (the terminal was found to show them after
    /// the first frame). What was made for the old output is forgotten.
    package func setPixelOutput(_ pixels: PixelOutput?) {
        let output = Self.sendable(pixels)
        guard output != pixelOutput else { return }
        pixelOutput = output
        generation += 1
        grids = MemoryCache(budget: grids.budget)
    }

    /// An output only when it draws pixels: symbols and "off" need none.
    private static func sendable(_ pixels: PixelOutput?) -> PixelOutput? { pixels?.mode.sendsPixels == true ? pixels : nil }

    /// Forgets that a picture failed, so the next request tries again.
    package func retry(url: String) { failures[url] = nil }

    /// The blurhash placeholder for an attachment, or nil when the hash is malformed.
    package func placeholder(blurhash: String, aspect: Double?, columns: Int, rows: Int) async -> CellGrid? {
        await nextWorkerInLine().blurhash(blurhash, columns: columns, rows: rows, aspect: aspect, mode: colorMode)
    }

    /// Writes the disk cache's index (at exit).
    package func flush() async { await disk?.flush() }

    // MARK: Scheduling

    private func join(_ request: ThumbnailRequest, priority: ImagePriority, waiter: Int, progress: HTTPFetch.Progress?,
                      _ continuation: CheckedContinuation<Thumbnail, Error>) {
        if let job = jobs[request] {
            job.waiters[waiter] = continuation
            if let progress { job.listeners.append(progress) }
            job.priority = max(job.priority, priority)
            return
        }
        sequence += 1
        let job = Job(request: request, sequence: sequence, priority: priority)
        job.waiters[waiter] = continuation
        if let progress { job.listeners.append(progress) }
        jobs[request] = job
        start(job)
    }

    /// Sets a job on its way: from decoded pixels in memory, else the disk cache, else the network.
    private func start(_ job: Job) {
        let request = job.request
        if let cached = pixels.get(request.url), covers(cached, request) {
            job.stage = .readyToDecode(.pixels(cached))
            pump()
        } else if let disk, !Self.isLocal(request.url) {
            job.stage = .lookingUpDisk
            Task { self.lookedUp(request, await disk.data(for: request.url)) }
        } else {
            job.stage = .queued
            pump()
        }
    }

    private func covers(_ image: RGBAImage, _ r: ThumbnailRequest) -> Bool {
        let size = ChafaRenderer.fit(width: image.width, height: image.height, columns: r.columns, rows: r.rows)
        let need = RenderWorker.decodeTarget(columns: size.columns, rows: size.rows, pixels: pixelOutput)
        return image.width >= need.width && image.height >= need.height
    }

    private func lookedUp(_ request: ThumbnailRequest, _ bytes: [UInt8]?) {
        guard let job = jobs[request], case .lookingUpDisk = job.stage else { return }
        if let bytes {
            stats.diskHits += 1
            job.stage = .readyToDecode(.bytes(bytes))
        } else {
            job.stage = .queued
        }
        pump()
    }

    /// A waiter's task was cancelled. When nobody is left waiting, queued work is dropped for free and a
    /// running download is cancelled.
    private func leave(_ request: ThumbnailRequest, waiter: Int) {
        guard let job = jobs[request], let continuation = job.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        guard job.waiters.isEmpty else { return }
        switch job.stage {
        case .lookingUpDisk, .queued, .readyToDecode:
            jobs[request] = nil
        case .downloading(let task):
            task.cancel()
            stats.downloadsCancelled += 1
            jobs[request] = nil
        case .decoding:
            break // nearly done; its grid goes to the cache
        }
    }

    /// The waiting job to run next in a stage: highest priority, then oldest.
    private func next(_ matches: (Job.Stage) -> Bool) -> Job? {
        jobs.values.filter { matches($0.stage) }
            .max { ($0.priority, -$0.sequence) < ($1.priority, -$1.sequence) }
    }

    private func pump() {
        while activeDownloads < maxDownloads, let job = next({ if case .queued = $0 { return true } else { return false } }) {
            activeDownloads += 1
            stats.downloadsStarted += 1
            let request = job.request, id = job.sequence, listeners = job.listeners
            let progress: HTTPFetch.Progress? = listeners.isEmpty ? nil : { @Sendable received, total in listeners.forEach { $0(received, total) } }
            let task = Task { [http, limits, offline] in
                let result: Result<[UInt8], Error>
                if offline, !Self.isLocal(request.url) { result = .failure(ImageError.notCached) }
                else { do { result = .success(try await Self.download(request.url, http: http, limits: limits, progress: progress)) }
                catch { result = .failure(error) } }
                self.downloaded(request, job: id, result)
            }
            job.stage = .downloading(task)
        }
        while activeDecodes < maxDecodes, let job = next({ if case .readyToDecode = $0 { return true } else { return false } }) {
            guard case .readyToDecode(let source) = job.stage else { break }
            activeDecodes += 1
            stats.decodes += 1
            job.stage = .decoding
            let request = job.request, worker = nextWorkerInLine(), mode = colorMode, limits = limits, output = pixelOutput
            let made = generation
            Task {
                let result: Result<(Thumbnail, RGBAImage?), Error>
                do {
                    result = .success(try await worker.thumbnail(source, columns: request.columns, rows: request.rows, whole: request.whole,
                                                                 focus: request.focus,
                                                                  mode: mode, pixels: output, limits: limits))
                }
                catch { result = .failure(error) }
                self.decoded(request, result, generation: made)
            }
        }
    }

    private func downloaded(_ request: ThumbnailRequest, job id: Int, _ result: Result<[UInt8], Error>) {
        activeDownloads -= 1
        defer { pump() }
        // A cancelled download may end after a new job for the same picture started: it must not touch that one.
        guard let job = jobs[request], job.sequence == id, case .downloading = job.stage else { return }
        switch result {
        case .success(let bytes):
            if let disk, !Self.isLocal(request.url) { Task { await disk.store(bytes, for: request.url) } }
            job.stage = .readyToDecode(.bytes(bytes))
        case .failure(let error as ImageError):
            finish(job, .failure(error))
        case .failure(let error):
            // Cancelled from outside (e.g. the HTTP client shutting down): not the picture's fault, not remembered.
            jobs[request] = nil
            for (_, waiter) in job.waiters { waiter.resume(throwing: error) }
        }
    }

    private func decoded(_ request: ThumbnailRequest, _ result: Result<(Thumbnail, RGBAImage?), Error>, generation made: Int) {
        activeDecodes -= 1
        decodesSinceRelease += 1
        // Each decode frees a full-size picture (megabytes); glibc keeps such memory unless asked.
        if decodesSinceRelease >= Self.decodesPerRelease || (activeDecodes == 0 && activeDownloads == 0) {
            decodesSinceRelease = 0
            Task.detached(priority: .background) { HeapTuning.release() }
        }
        defer { pump() }
        switch result {
        case .success(let (thumbnail, decodedPixels)):
            if let p = decodedPixels { pixels.set(request.url, p, bytes: p.pixels.count) }
            guard made == generation else {
                // Made for the output before the change: made again for the one the waiters now want.
                if let job = jobs[request] { start(job) }
                return
            }
            grids.set(request, thumbnail, bytes: thumbnail.byteCount)
            if let job = jobs[request] { finish(job, .success(thumbnail)) }
        case .failure(let error):
            if let job = jobs[request] { finish(job, .failure(error as? ImageError ?? .corrupt("\(error)"))) }
        }
    }

    private func finish(_ job: Job, _ result: Result<Thumbnail, ImageError>) {
        jobs[job.request] = nil
        if case .failure(let error) = result {
            // A broken picture is not fetched again for a while (R retries at once).
            let now = Date()
            // Each failure counts for a minute; the expired go as new ones come, or a stream of broken
            // pictures (a hostile server's) keeps every URL it ever sent (heaptrack found them).
            if failures.count >= 64 { failures = failures.filter { $0.value.until > now } }
            failures[job.request.url] = (error, now.addingTimeInterval(60))
        }
        for (_, waiter) in job.waiters { waiter.resume(with: result.mapError { $0 as Error }) }
    }

    private func nextWorkerInLine() -> RenderWorker {
        nextWorker = (nextWorker + 1) % workers.count
        return workers[nextWorker]
    }

    /// A file on this machine (a picture being attached to a post): read, never cached.
    static func isLocal(_ url: String) -> Bool { url.hasPrefix("file://") }

    static func download(_ url: String, http: HTTPClient, limits: ImageLimits, progress: HTTPFetch.Progress? = nil) async throws -> [UInt8] {
        if isLocal(url) {
            guard let path = URL(string: url)?.path else { throw ImageError.download("can't read \(url)") }
            let size: Int
            do { size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 } catch {
                throw ImageError.download("can't read \(path): \(error.localizedDescription)")
            }
            guard size <= limits.maxBytes else { throw ImageError.tooLarge("\(size) bytes") }
            do { return Array(try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw ImageError.download("can't read \(path): \(error.localizedDescription)")
            }
        }
        var budget = HTTPFetch.Budget.picture
        budget.maxBytes = min(budget.maxBytes, limits.maxBytes)
        let response: HTTPFetch.Response
        do {
            response = try await HTTPFetch.fetch(HTTPClientRequest(url: url), http: http, budget: budget, progress: progress)
        } catch let failure as HTTPFetch.Failure {
            if case .tooLarge = failure { throw ImageError.tooLarge(failure.description) }
            throw ImageError.download(failure.description)
        }
        guard response.status == 200 else { throw ImageError.download("HTTP \(response.status)") }
        return Array(buffer: response.body)
    }
}
