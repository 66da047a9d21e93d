import AsyncHTTPClient
import Foundation
import Synchronization
import TernDemo
import TernHTTP
import TernImages
import TernTestSupport
import XCTest

final class ImageLoaderTests: XCTestCase {
    /// A large original says how far its download has come, in order, up to its whole size.
    func testALargePictureReportsItsDownloadAsItComes() async throws {
        let server = try await DemoServer.start()
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256)
        let paths = await server.squareJPEGPaths(photoLike: true)
        let path = try XCTUnwrap(paths.first)
        let steps = Mutex<[(Int, Int?)]>([])
        let t = try await loader.thumbnail(ThumbnailRequest(url: server.baseURL + path, columns: 100, rows: 50)) { received, total in
            steps.withLock { $0.append((received, total)) }
        }
        XCTAssertGreaterThan(t.grid.width, 0)
        let seen = steps.withLock { $0 }
        let size = try await http.execute(HTTPClientRequest(url: server.baseURL + path), timeout: .seconds(10))
            .headers.first(name: "content-length").flatMap(Int.init)
        let total = try XCTUnwrap(size)
        XCTAssertGreaterThan(total, 64 << 10, "the demo's photo-like originals are large; this test needs one")
        XCTAssertFalse(seen.isEmpty, "no progress for \(total) bytes")
        XCTAssertEqual(seen.map(\.0), seen.map(\.0).sorted(), "progress goes forward")
        XCTAssertTrue(seen.allSatisfy { $0.1 == total && $0.0 <= total })
        try await http.shutdown()
        await server.stop()
    }

    func testConcurrentRequestsShareOneDownload() async throws {
        var config = DemoConfig()
        config.imageLatencyMilliseconds = 200
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256)
        let paths = await server.mediaPaths()
        let path = try XCTUnwrap(paths.first { $0.contains("small") })
        let request = ThumbnailRequest(url: server.baseURL + path, columns: 20, rows: 8)
        async let a = loader.thumbnail(request)
        async let b = loader.thumbnail(request)
        let (ga, gb) = try await (a, b)
        XCTAssertEqual(ga, gb)
        let downloads = await server.mediaRequestCount(path: path)
        XCTAssertEqual(downloads, 1)
        // A third request is answered from memory.
        _ = try await loader.thumbnail(request)
        let after = await server.mediaRequestCount(path: path)
        XCTAssertEqual(after, 1)
        try await http.shutdown()
        await server.stop()
    }

    func testAMissingPictureFailsWithAReason() async throws {
        let server = try await DemoServer.start()
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .truecolor)
        do {
            _ = try await loader.thumbnail(ThumbnailRequest(url: server.baseURL + "/media/1/small.jpg", columns: 10, rows: 5))
            XCTFail("expected a failure")
        } catch let error as ImageError {
            XCTAssertEqual(error, .download("HTTP 404"))
        }
        try await http.shutdown()
        await server.stop()
    }

    /// GoToSocial answers picture requests without a `User-Agent` with 418: Tern's carry one.
    func testPicturesLoadFromAServerThatRefusesAnonymousRequests() async throws {
        var config = DemoConfig()
        config.quirks = [.requireUserAgent]
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let loader = ImageLoader(http: http, colorMode: .indexed256)
        let paths = await server.mediaPaths()
        let path = try XCTUnwrap(paths.first { $0.contains("small") })
        let grid = try await loader.thumbnail(ThumbnailRequest(url: server.baseURL + path, columns: 16, rows: 8))
        XCTAssertGreaterThan(grid.grid.width, 0)
        let bare = try await http.execute(HTTPClientRequest(url: server.baseURL + path), timeout: .seconds(5))
        XCTAssertEqual(bare.status.code, 418, "the server does refuse requests without a User-Agent")
        try await http.shutdown()
        await server.stop()
    }

    /// A picture whose body stalls after its head, or trickles in, gives up at the deadline with a reason
    /// instead of leaving its placeholder forever.
    func testAStalledPictureFailsAtItsDeadline() async throws {
        var config = DemoConfig()
        config.stallSeconds = 120
        let server = try await DemoServer.start(config)
        let http = httpClient()
        let paths = await server.mediaPaths()
        let path = try XCTUnwrap(paths.first { $0.contains("small") })
        await server.injectMediaFaults([.stalledBody])
        var budget = HTTPFetch.Budget.picture
        budget.deadline = .seconds(1)
        do {
            _ = try await HTTPFetch.fetch(HTTPClientRequest(url: server.baseURL + path), http: http, budget: budget)
            XCTFail("a stalled body must not complete")
        } catch let failure as HTTPFetch.Failure {
            XCTAssertEqual(failure, .timedOut(.seconds(1), nothingReceived: false))
        }
        try await http.shutdown()
        await server.stop()
    }
}
