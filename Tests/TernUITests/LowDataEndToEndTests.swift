import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import XCTest

/// `--low-data` in the real binary against the demo server: only the selected post's pictures are fetched,
/// no avatars and nothing ahead; moving the selection fetches the next post's.
final class LowDataEndToEndTests: XCTestCase {
    /// The home timeline's newest posts' preview paths, as the server gives them: their pictures', and their
    /// link card's picture, which is the post's too.
    func previews(_ server: DemoServer) async throws -> [[String]] {
        var request = URLRequest(url: try XCTUnwrap(URL(string: server.baseURL + "/api/v1/timelines/home?limit=5")))
        request.setValue("Bearer demo-token", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let posts = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return posts.map { p in
            let status = (p["reblog"] as? [String: Any]) ?? p
            let card = ((status["card"] as? [String: Any])?["image"] as? String).flatMap { URL(string: $0)?.path }
            return ((status["media_attachments"] as? [[String: Any]]) ?? []).compactMap { ($0["preview_url"] as? String).flatMap { URL(string: $0)?.path } }
                + (card.map { [$0] } ?? [])
        }
    }

    func testLowDataFetchesOnlyTheSelectedPostsPictures() async throws {
        let server = try await DemoServer.start(DemoConfig())
        let run = try TernInTerminal(server: server, answer: "\u{1B}[?1;2c", arguments: ["--low-data"])
        defer { run.stop() }
        let pty = run.pty
        let shown = try await previews(server)
        let first = try XCTUnwrap(shown.first, "no posts")
        let second = shown[1]
        XCTAssertFalse(first.isEmpty || second.isEmpty, "the demo's two newest posts have pictures; this test needs that")
        func logged() async -> [String] { await server.mediaRequestLog() }
        func waitFor(_ paths: [String]) async -> Bool {
            for _ in 0..<200 {
                let log = await logged()
                if paths.allSatisfy(log.contains) { return true }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
        let gotFirst = await waitFor(first)
        let afterFirst = await logged()
        XCTAssertTrue(gotFirst, "the selected post's pictures were not fetched: \(afterFirst)")
        // The next post selected: its pictures come. By then the others in view would have been asked for long ago.
        pty.type("j")
        let gotSecond = await waitFor(second)
        let log = await logged()
        XCTAssertTrue(gotSecond, "the next post's pictures were not fetched on selection: \(log)")
        XCTAssertEqual(Set(log), Set(first + second), "only the selected posts' pictures: \(log)")
        XCTAssertFalse(log.contains { $0.hasPrefix("/avatars/") }, "no avatars in low data")
        pty.type("q")
        await server.stop()
    }
}
