import AsyncHTTPClient
import Foundation
import NIOCore
import TernModel

/// What the list asks for: a picture at a URL, fitted into a box of cells.
public struct ThumbnailRequest: Sendable, Hashable {
    public var url: String
    public var columns: Int
    public var rows: Int

    public init(url: String, columns: Int, rows: Int) {
        self.url = url
        self.columns = columns
        self.rows = rows
    }
}

/// The image pipeline: answers from rendered grids in memory, else downloads, decodes and converts on a
/// worker. Concurrent requests for the same picture share one download and one decode.
public actor ImageLoader {
    private let http: HTTPClient
    private let colorMode: ImageColorMode
    private let limits: ImageLimits
    private let memoryBudget: Int
    private let workers: [RenderWorker]
    private var nextWorker = 0
    private var grids: [ThumbnailRequest: (grid: CellGrid, lastUse: UInt64)] = [:]
    private var gridBytes = 0
    private var tick: UInt64 = 0
    private var inFlight: [ThumbnailRequest: Task<CellGrid, Error>] = [:]
    private var failures: [String: (error: ImageError, until: Date)] = [:]

    /// `http` is owned by the caller. `memoryBudget` bounds the bytes of rendered grids kept.
    public init(http: HTTPClient, colorMode: ImageColorMode, limits: ImageLimits = ImageLimits(),
                memoryBudget: Int = 16 << 20, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.http = http
        self.colorMode = colorMode
        self.limits = limits
        self.memoryBudget = memoryBudget
        self.workers = (0..<max(1, workers)).map { _ in RenderWorker() }
    }

    /// The thumbnail, from memory when it is there. Throws `ImageError` when the picture can't be shown.
    public func thumbnail(_ request: ThumbnailRequest) async throws -> CellGrid {
        if let hit = grids[request] {
            tick += 1
            grids[request] = (hit.grid, tick)
            return hit.grid
        }
        if let failure = failures[request.url], failure.until > Date() { throw failure.error }
        if let running = inFlight[request] { return try await running.value }
        let worker = nextWorkerInLine()
        let task = Task { [http, limits, colorMode] in
            let bytes = try await Self.download(request.url, http: http, limits: limits)
            return try await worker.thumbnail(bytes, columns: request.columns, rows: request.rows, mode: colorMode, limits: limits)
        }
        inFlight[request] = task
        defer { inFlight[request] = nil }
        do {
            let grid = try await task.value
            store(grid, for: request)
            return grid
        } catch let error as ImageError {
            // A broken picture is not fetched again for a while.
            failures[request.url] = (error, Date().addingTimeInterval(60))
            throw error
        }
    }

    /// The blurhash placeholder for an attachment, or nil when the hash is malformed.
    public func placeholder(blurhash: String, aspect: Double?, columns: Int, rows: Int) async -> CellGrid? {
        await nextWorkerInLine().blurhash(blurhash, columns: columns, rows: rows, aspect: aspect, mode: colorMode)
    }

    private func nextWorkerInLine() -> RenderWorker {
        nextWorker = (nextWorker + 1) % workers.count
        return workers[nextWorker]
    }

    private func store(_ grid: CellGrid, for request: ThumbnailRequest) {
        tick += 1
        if let old = grids[request] { gridBytes -= old.grid.byteCount }
        grids[request] = (grid, tick)
        gridBytes += grid.byteCount
        while gridBytes > memoryBudget, let oldest = grids.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            gridBytes -= oldest.value.grid.byteCount
            grids[oldest.key] = nil
        }
    }

    static func download(_ url: String, http: HTTPClient, limits: ImageLimits) async throws -> [UInt8] {
        let response: HTTPClientResponse
        do {
            response = try await http.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        } catch {
            throw ImageError.download(error is HTTPClientError ? "\(error)" : "network error")
        }
        guard response.status.code == 200 else { throw ImageError.download("HTTP \(response.status.code)") }
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limits.maxBytes {
            throw ImageError.tooLarge("\(length) bytes")
        }
        do {
            let body = try await response.body.collect(upTo: limits.maxBytes)
            return Array(buffer: body)
        } catch is NIOTooManyBytesError {
            throw ImageError.tooLarge("more than \(limits.maxBytes) bytes")
        } catch {
            throw ImageError.download("transfer interrupted")
        }
    }
}
