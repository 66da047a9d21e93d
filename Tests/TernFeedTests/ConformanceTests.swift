import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernImages
import TernModel
import TernTestSupport
import XCTest

/// The browse path once per set of real servers' quirks (GoToSocial's ULIDs and User-Agent rule,
/// Takahē's WebP, previews cropped without `meta.small`): first page, paging on, a like, a thumbnail.
final class ConformanceTests: XCTestCase {
    func testBrowsingWorksOnEveryServerKind() async throws {
        for (name, quirks) in ServerQuirks.sets {
            var config = DemoConfig()
            config.quirks = quirks
            try await withEngine(config) { server, engine, log in
                engine.send(.start)
                let first = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
                let newest = await server.newestPostIDs(60)
                XCTAssertEqual(first.posts.map(\.id), Array(newest.prefix(20)), name)
                if quirks.contains(.ulidIDs) { XCTAssertTrue(first.posts.allSatisfy { $0.id.count == 26 }, name) }
                // Near the end: the next page comes through the server's Link, whatever its ids look like.
                engine.send(.viewed(first: 17, last: 19, anchorID: first.posts[17].id, offset: 0))
                let more = try await waitFor(log) { $0.posts.count >= 40 && !$0.loadingOlder }
                XCTAssertEqual(more.posts.prefix(40).map(\.id), Array(newest.prefix(40)), name)
                // A like reaches the server under its own id.
                let post = try XCTUnwrap(more.posts.first { !$0.favourited }, name)
                engine.mark(.favourite, postID: post.id)
                _ = try await waitFor(log) { s in s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.favourited == true }
                let performed = await server.actionLog()
                XCTAssertEqual(performed, ["favourite \(post.statusID)"], name)
                // A thumbnail fills its slot, from whatever format and shape the server serves.
                let media = try XCTUnwrap(more.posts.lazy.flatMap(\.media).first { $0.thumbnailURL != nil }, name)
                if quirks.contains(.webpOnly) { XCTAssertTrue(media.thumbnailURL?.hasSuffix(".webp") == true, name) }
                let http = httpClient()
                let loader = ImageLoader(http: http, colorMode: .indexed256)
                let aspect = media.thumbnailAspectRatio ?? 1
                let columns = max(6, min(40, Int((16 * aspect).rounded())))
                let grid = try await loader.thumbnail(ThumbnailRequest(url: try XCTUnwrap(media.thumbnailURL), columns: columns, rows: 8)).grid
                XCTAssertGreaterThanOrEqual(grid.height, 7, "\(name): \(grid.width)×\(grid.height) in \(columns)×8")
                XCTAssertGreaterThanOrEqual(grid.width, columns - 1, "\(name): \(grid.width)×\(grid.height) in \(columns)×8")
                try await http.shutdown()
            }
        }
    }
}
