import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTestSupport
import XCTest

/// An error answer (5xx) does not say the server did nothing: a proxy that gave up on a slow backend
/// answers 502 or 504 while the backend goes on to make the change, and an application can fail after
/// its write was committed. So Tern looks at the server before it tells the user a press failed, and
/// what the screen ends with is what the server holds.
final class ErrorAnswerTests: XCTestCase {
    /// The server makes the like and answers 500, each time. Before, each 500 counted as "not made": the
    /// like was sent four times, then rolled back with "Couldn't like: server error 500" while the server
    /// held it. Now the 500 leaves the server's state in doubt, the next try looks first, finds the like
    /// made, and settles: no error, sent once.
    func testALikeTheServerMadeButAnsweredWithAnErrorIsConfirmedNotRolledBack() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.favourited && $0.boostedBy == nil })
            await server.injectFaults(Array(repeating: .madeThenFailed(500), count: RetryPolicy.answeredAction.attempts))
            engine.mark(.favourite, postID: post.id)
            _ = try await waitFor(log) { $0.posts.first { $0.id == post.id }?.pending == [.favourite] }
            let settled = try await waitFor(log, timeout: 40) { s in
                s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.pending.isEmpty == true
            }
            XCTAssertNotEqual(settled.message?.isError, true, settled.message?.text ?? "")
            XCTAssertEqual(settled.posts.first { $0.id == post.id }?.favourited, true, "the screen says what the server holds")
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["favourite \(post.statusID)"], "looked at, not sent again")
        }
    }

    /// Saves and boosts go the same way: made, answered 500, looked at, kept.
    func testASaveAndABoostTheServerMadeButAnsweredWithAnErrorAreKept() async throws {
        try await withEngine { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log) { !$0.posts.isEmpty && !$0.loadingNewer }
            let post = try XCTUnwrap(loaded.posts.first { !$0.bookmarked && !$0.boosted && $0.boostedBy == nil })
            for (kind, mark) in [(PendingAction.Kind.bookmark, PendingMarks.bookmark), (.reblog, .boost)] {
                await server.injectFaults([.madeThenFailed(502)])
                engine.mark(kind, postID: post.id)
                _ = try await waitFor(log) { $0.posts.first { $0.id == post.id }?.pending.contains(mark) == true }
                let settled = try await waitFor(log, timeout: 40) { s in
                    s.pendingActions == 0 && s.posts.first { $0.id == post.id }?.pending.isEmpty == true
                }
                XCTAssertNotEqual(settled.message?.isError, true, settled.message?.text ?? "")
                let shown = try XCTUnwrap(settled.posts.first { $0.id == post.id })
                XCTAssertTrue(kind == .bookmark ? shown.bookmarked : shown.boosted, "\(kind): the screen says what the server holds")
            }
            let performed = await server.actionLog()
            XCTAssertEqual(performed, ["bookmark \(post.statusID)", "reblog \(post.statusID)"], "each made once")
        }
    }

    /// The issue's case: `tern demo --latency … --fail-rate 0.6 --fail-after-making`, four likes in a row, on a server that
    /// makes a like it answers with an error. When the presses have settled, each post shows what the server
    /// holds, and a like said to have failed is not on the server. Before, a like whose four tries all had
    /// error answers was said to have failed and taken back while the server held it.
    func testFourLikesOnAFailingServerEndAsTheServerHoldsThem() async throws {
        let seed = UInt64.random(in: 1...1_000_000)
        var config = DemoConfig()
        config.seed = seed
        config.latencyMilliseconds = 300
        config.failRate = 0.6
        // A failed try may have made the like, as behind a gateway that gave up.
        config.failuresMakeTheChange = true
        // As `tern demo` has it: a gateway's timeout answers 504 before the client gives up.
        config.stallSeconds = 3
        try await withEngine(config) { server, engine, log in
            engine.send(.start)
            let loaded = try await waitFor(log, timeout: 30) { !$0.posts.isEmpty && !$0.loadingNewer }
            let posts = Array(loaded.posts.filter { !$0.favourited && $0.boostedBy == nil }.prefix(4))
            XCTAssertEqual(posts.count, 4)
            var said: [String] = []
            for post in posts {
                engine.mark(.favourite, postID: post.id)
                _ = try await waitFor(log) { $0.posts.first { $0.id == post.id }?.pending == [.favourite] }
            }
            var seen = 0
            let settled = try await waitFor(log, timeout: 150) { s in
                s.pendingActions == 0 && posts.allSatisfy { p in s.posts.first { $0.id == p.id }?.pending.isEmpty == true }
            }
            for s in log.snapshots {
                if let m = s.message, m.isError, m.id != seen { seen = m.id; said.append(m.text) }
            }
            let http = httpClient()
            let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "t", http: http)
            let requests = await server.writeRequests()
            for post in posts {
                let held = try await client.status(id: post.statusID).favourited
                let shown = try XCTUnwrap(settled.posts.first { $0.id == post.id }).favourited
                XCTAssertEqual(shown, held, "seed \(seed): post \(post.statusID) shows \(shown ? "liked" : "not liked"), the server holds \(held)")
                let tries = requests.filter { $0.contains("/api/v1/statuses/\(post.statusID)/favourite") }.count
                XCTAssertLessThanOrEqual(tries, RetryPolicy.answeredAction.attempts, "seed \(seed): bounded")
                if !held {
                    XCTAssertEqual(tries, RetryPolicy.answeredAction.attempts,
                                   "seed \(seed): post \(post.statusID) given up after \(tries) tries; said \(said)")
                }
            }
            XCTAssertEqual(said.count, posts.filter { p in settled.posts.first { $0.id == p.id }?.favourited == false }.count,
                           "seed \(seed): one error said for each like given up: \(said)")
            try await http.shutdown()
        }
    }
}
