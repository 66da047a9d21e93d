import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The streaming API in the real binary: posts, edits and deletions show without a key press.
final class LiveEndToEndTests: XCTestCase {
    func post(_ path: String, to screen: String) async throws {
        let address = try XCTUnwrap(screen.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression).map { "http://" + screen[$0] })
        var request = URLRequest(url: try XCTUnwrap(URL(string: address + path)))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    /// Subscriptions reach the server just after the connection opens: wait for them.
    func waitForSubscriptions(_ screen: String) async throws {
        let address = try XCTUnwrap(screen.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression).map { "http://" + screen[$0] })
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let (data, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: address + "/demo/stream-subscriptions")))
            if (Int(String(decoding: data, as: UTF8.self)) ?? 0) > 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("the stream never subscribed")
    }

    func testNewPostsEditsAndDeletionsArriveWithoutAKey() async throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" live ") }
        XCTAssertTrue(first.ok, "not live:\n\(first.screen)")
        for _ in 0..<3 { try tmux.send("j"); usleep(80_000) }
        let reading = tmux.wait { $0.contains("4/") }
        XCTAssertTrue(reading.ok, reading.screen)
        try await waitForSubscriptions(reading.screen)

        try await post("/demo/posts?count=1", to: reading.screen)
        let counted = tmux.wait(timeout: 5) { $0.contains("↑ 1 new") }
        XCTAssertTrue(counted.ok, "the new post was not counted:\n\(counted.screen)")
        XCTAssertEqual(handles(onScreen: counted.screen), handles(onScreen: reading.screen), "the view moved")

        // The new post is the newest: edit it, then delete it, and look at the top.
        try tmux.send("g")
        XCTAssertTrue(tmux.wait { !$0.contains("↑ 1 new") && $0.contains(" 1/") }.ok, tmux.screen())
        try await post("/demo/edit", to: counted.screen)
        let edited = tmux.wait(timeout: 5) { $0.contains("(edited)") }
        XCTAssertTrue(edited.ok, "the edit did not show:\n\(edited.screen)")
        XCTAssertTrue(edited.screen.split(separator: "\n")[1].contains("✎"), edited.screen)
        try await post("/demo/delete", to: edited.screen)
        let deleted = tmux.wait(timeout: 5) { $0.contains("(this post was deleted)") }
        XCTAssertTrue(deleted.ok, "the deletion did not show:\n\(deleted.screen)")
    }

    /// The connection drops and posts are made while it is down: after the reconnect they are fetched,
    /// each once (twenty posts and three new ones make twenty-three rows).
    func testPostsMadeWhileTheStreamWasDownArriveOnceAfterTheReconnect() async throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --new-post-every 0; sleep 30")
        defer { tmux.close() }
        let first = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains(" live ") && $0.contains("1/20+") }
        XCTAssertTrue(first.ok, first.screen)
        try await post("/demo/drop-stream", to: first.screen)
        try await post("/demo/posts?count=3", to: first.screen)
        let caught = tmux.wait(timeout: 15) { $0.contains("↑ 3 new") && $0.contains(" live ") }
        XCTAssertTrue(caught.ok, "the posts made while down did not arrive:\n\(caught.screen)")
        try tmux.send("g")
        let top = tmux.wait { $0.contains("1/23+") }
        XCTAssertTrue(top.ok, "not exactly three more rows:\n\(top.screen)")
    }

    func testAServerWithoutStreamingIsPolledAndSaysSo() throws {
        let tern = try TmuxSession.ternBinary()
        let tmux = try TmuxSession(command: "\(tern.path) demo --no-streaming --new-post-every 0; sleep 30")
        defer { tmux.close() }
        let shown = tmux.wait { $0.contains("Sol Novak @user32") && $0.contains("polling") }
        XCTAssertTrue(shown.ok, "no polling on the status line:\n\(shown.screen)")
        XCTAssertFalse(shown.screen.contains(" live "))
    }
}
