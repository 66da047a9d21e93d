import AsyncHTTPClient
import Foundation
import TernHTTP
import TernDemo
import TernImages
import XCTest

final class ImageLoaderTests: XCTestCase {
    func testConcurrentRequestsShareOneDownload() async throws {
        var config = DemoConfig()
        config.imageLatencyMilliseconds = 200
        let server = try await DemoServer.start(config)
        let http = HTTPFetch.makeClient()
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
        let http = HTTPFetch.makeClient()
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
}
