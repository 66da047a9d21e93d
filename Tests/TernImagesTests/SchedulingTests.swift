import AsyncHTTPClient
import Foundation
import TernDemo
import TernHTTP
import TernImages
import TernTestSupport
import XCTest

/// Priorities, limits and cancellation of the loader, observed at the demo server.
final class SchedulingTests: XCTestCase {
    func withLoader(imageLatency: Int, maxDownloads: Int,
                    _ body: (DemoServer, ImageLoader, [String]) async throws -> Void) async throws {
        var config = DemoConfig()
        config.imageLatencyMilliseconds = imageLatency
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256, maxDownloads: maxDownloads)
        let urls = await server.mediaPaths().filter { $0.contains("small") }.map { server.baseURL + $0 }
        var failure: Error?
        do { try await body(server, loader, urls) } catch { failure = error }
        try await http.shutdown()
        await server.stop()
        if let failure { throw failure }
    }

    static func request(_ url: String) -> ThumbnailRequest { ThumbnailRequest(url: url, columns: 20, rows: 8) }

    func waitUntil(_ condition: () async -> Bool) async throws {
        for _ in 0..<500 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("condition never held")
    }

    func testVisibleRequestsOvertakeQueuedPrefetches() async throws {
        try await withLoader(imageLatency: 150, maxDownloads: 1) { server, loader, urls in
            let prefetches = (0..<4).map { i in Task { try await loader.thumbnail(Self.request(urls[i]), priority: .prefetch) } }
            // One downloading, three waiting for the only slot.
            try await waitUntil { await loader.queuedCount == 3 }
            _ = try await loader.thumbnail(Self.request(urls[4]), priority: .visible)
            for t in prefetches { _ = try await t.value }
            let order = await server.mediaRequestLog().map { server.baseURL + $0 }
            // Which prefetch got the only slot first is up to the scheduler of the four tasks; the visible
            // request must come right after it, ahead of the three still queued.
            XCTAssertEqual(order.count, 5)
            XCTAssertEqual(order[1], urls[4], "the visible request went right after the one already running")
            XCTAssertEqual(Set(order), Set(urls[0..<5]))
            XCTAssertTrue(urls[0..<4].contains(order[0]))
        }
    }

    func testAPrefetchCancelledWhileQueuedIsNeverDownloaded() async throws {
        try await withLoader(imageLatency: 200, maxDownloads: 1) { server, loader, urls in
            let first = Task { try await loader.thumbnail(Self.request(urls[0])) }
            // Only once the first holds the only slot, so the second is sure to wait in the queue.
            let firstPath = String(urls[0].dropFirst(server.baseURL.count))
            try await waitUntil { await server.mediaRequestCount(path: firstPath) == 1 }
            let queued = Task { try await loader.thumbnail(Self.request(urls[1]), priority: .prefetch) }
            try await waitUntil { await loader.queuedCount == 1 }
            queued.cancel()
            do { _ = try await queued.value; XCTFail("a cancelled request returned a picture") } catch is CancellationError {}
            _ = try await first.value
            try await waitUntil { await loader.queuedCount == 0 }
            let downloads = await server.mediaRequestCount(path: String(urls[1].dropFirst(server.baseURL.count)))
            XCTAssertEqual(downloads, 0)
            let stats = await loader.stats
            XCTAssertEqual(stats.downloadsStarted, 1)
        }
    }

    func testCancellingMidDownloadStopsTheTransfer() async throws {
        try await withLoader(imageLatency: 3000, maxDownloads: 2) { server, loader, urls in
            let path = String(urls[0].dropFirst(server.baseURL.count))
            let task = Task { try await loader.thumbnail(Self.request(urls[0])) }
            try await waitUntil { await server.mediaRequestCount(path: path) == 1 }
            task.cancel()
            do { _ = try await task.value; XCTFail("expected cancellation") } catch is CancellationError {}
            let stats = await loader.stats
            XCTAssertEqual(stats.downloadsCancelled, 1)
            XCTAssertEqual(stats.decodes, 0, "nothing was decoded for a cancelled download")
        }
    }

    /// A cancelled job is dropped cleanly: asking again downloads anew and gets the picture, with no
    /// failure remembered from the cancellation.
    func testAskingAgainRightAfterACancelGetsThePicture() async throws {
        try await withLoader(imageLatency: 400, maxDownloads: 2) { server, loader, urls in
            let path = String(urls[0].dropFirst(server.baseURL.count))
            let first = Task { try await loader.thumbnail(Self.request(urls[0])) }
            try await waitUntil { await server.mediaRequestCount(path: path) == 1 }
            first.cancel()
            // Only once the loader has dropped the first job: otherwise the new request would simply join it.
            try await waitUntil { await loader.stats.downloadsCancelled == 1 }
            let again = try await loader.thumbnail(Self.request(urls[0]))
            XCTAssertGreaterThan(again.grid.width, 0)
            let count = await server.mediaRequestCount(path: path)
            XCTAssertEqual(count, 2)
        }
    }

    func testTwoWaitersOneCancelledTheOtherStillGetsThePicture() async throws {
        try await withLoader(imageLatency: 300, maxDownloads: 2) { server, loader, urls in
            let a = Task { try await loader.thumbnail(Self.request(urls[0])) }
            let b = Task { try await loader.thumbnail(Self.request(urls[0])) }
            try await waitUntil { await loader.stats.downloadsStarted == 1 }
            a.cancel()
            _ = try await b.value
            let count = await server.mediaRequestCount(path: String(urls[0].dropFirst(server.baseURL.count)))
            XCTAssertEqual(count, 1)
        }
    }
}
