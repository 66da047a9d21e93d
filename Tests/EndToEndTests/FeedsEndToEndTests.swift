import Foundation
import TernDemo
import XCTest

/// `tern feeds` and `tern sync` with web feeds alone, no fediverse account: the real binary against feeds
/// served over loopback, into a real store.
final class FeedsEndToEndTests: XCTestCase {
    func testFeedsAloneAreAddedImportedSyncedListedAndExported() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoFeedServer.start(feeds: 3)
        defer { server.stop() }
        let home = TernHome()
        defer { home.remove() }
        func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
            try home.run(tern, arguments, extra: ["LANG": "C.UTF-8"], errors: true)
        }
        let base = server.baseURL

        // A site's page: its feed is found and followed, and read at once.
        let added = try run(["feeds", "add", base + "/site", "--tag", "news"])
        XCTAssertEqual(added.status, 0, added.out)
        XCTAssertTrue(added.out.contains("\(base)/site is a page; its feed: \(base)/feeds/0.xml"), added.out)
        XCTAssertTrue(added.out.contains("Added Demo feed 0: 20 items"), added.out)

        // newsboat's urls file: two feeds, one of them titled, and a query feed that is newsboat's own.
        let urls = home.url.appendingPathComponent("urls")
        try "\(base)/feeds/1.atom tech \"~My Atom\"\n# a comment\n\(base)/feeds/2.json\n\"query:Unread:unread = \\\"yes\\\"\"\n"
            .write(to: urls, atomically: true, encoding: .utf8)
        let imported = try run(["feeds", "import", urls.path])
        XCTAssertEqual(imported.status, 0, imported.out)
        XCTAssertTrue(imported.out.contains("Imported 2 feeds, skipped 1"), imported.out)

        // No account anywhere: sync reads the feeds alone.
        let synced = try run(["sync"])
        XCTAssertEqual(synced.status, 0, synced.out)
        XCTAssertTrue(synced.out.contains("feed Demo feed 0: not modified"), synced.out)
        XCTAssertTrue(synced.out.contains("feed My Atom: 20 new items"), synced.out)
        XCTAssertTrue(synced.out.contains("feed Demo feed 2: 20 new items"), synced.out)
        // The new items' pictures are in the picture cache, for reading offline (7 of each feed's 20 items have one).
        let images = home.url.appendingPathComponent("cache/tern/images")
        let cached = (FileManager.default.enumerator(at: images, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        XCTAssertGreaterThanOrEqual(cached.count, 14, "pictures cached: \(cached.map(\.lastPathComponent))")
        let before304 = server.answered[304] ?? 0
        let again = try run(["sync"])
        XCTAssertEqual(again.status, 0, again.out)
        XCTAssertEqual((server.answered[304] ?? 0) - before304, 3, "the second sync is answered 304 for every feed:\n\(again.out)")

        let listed = try run(["feeds", "list"])
        XCTAssertEqual(listed.out.components(separatedBy: "\n").filter { $0.contains("20 unread") }.count, 3, listed.out)
        XCTAssertTrue(listed.out.contains("[news]") && listed.out.contains("[tech]"), listed.out)

        let exported = try run(["feeds", "export"])
        for path in ["/feeds/0.xml", "/feeds/1.atom", "/feeds/2.json"] { XCTAssertTrue(exported.out.contains("xmlUrl=\"\(base)\(path)\""), exported.out) }
        XCTAssertTrue(exported.out.contains("<outline text=\"news\""), "a tag is a folder:\n\(exported.out)")

        // No account: `tern` reads the feeds, on a screen and as plain text.
        let plain = try run(["--plain"])
        XCTAssertEqual(plain.status, 0, plain.out)
        XCTAssertTrue(plain.out.contains("Feeds: nothing new") && plain.out.contains("Demo feed 2"), plain.out)
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }
        let screen = tmux.wait { s in
            s.contains("tern · Feeds · web feeds, no fediverse account") && s.contains("My Atom @127.0.0.1") && s.contains("alt: ")
                && !s.contains("image unavailab") && !s.contains("loading…") && !s.contains("offline")
        }
        XCTAssertTrue(screen.ok, "the feeds, with no account, pictures and all:\n\(screen.screen)")
        try tmux.send("Enter")
        XCTAssertTrue(tmux.wait { $0.contains("o open · v pictures · y link · esc back") }.ok, tmux.screen())
        try tmux.send("q")

        let removed = try run(["feeds", "remove", "1"])
        XCTAssertTrue(removed.out.contains("Removed Demo feed 0"), removed.out)
        XCTAssertFalse(try run(["feeds", "list"]).out.contains("/feeds/0.xml"))
    }

    /// A feed that answers 404 is said so in words and not followed (only `--anyway` follows it); a feed
    /// added twice is said to be followed already; `feeds list` reads beside a running Tern; and the
    /// numbers are 1 to n as listed, the ones `feeds remove` takes, with no gaps after a removal.
    func testAFeedThatIsNotThereIsNotAddedAndTheListIsNumberedAsShown() async throws {
        let tern = try TmuxSession.ternBinary()
        let server = try await DemoFeedServer.start(feeds: 3)
        defer { server.stop() }
        let home = TernHome()
        defer { home.remove() }
        func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
            try home.run(tern, arguments, extra: ["LANG": "C.UTF-8"], errors: true)
        }
        let base = server.baseURL

        let missing = try run(["feeds", "add", base + "/feeds/99.xml"])
        XCTAssertNotEqual(missing.status, 0, missing.out)
        XCTAssertTrue(missing.out.contains("\(base)/feeds/99.xml could not be read: ") && missing.out.contains("Not added"), missing.out)
        XCTAssertFalse(missing.out.contains(" info ") || missing.out.contains("error="), "no log line on the terminal:\n\(missing.out)")
        XCTAssertTrue(try run(["feeds", "list"]).out.contains("No feeds yet"))
        let anyway = try run(["feeds", "add", "--anyway", base + "/feeds/99.xml"])
        XCTAssertEqual(anyway.status, 0, anyway.out)
        XCTAssertTrue(anyway.out.contains("but it could not be read now"), anyway.out)

        for path in ["/feeds/0.xml", "/feeds/1.atom", "/feeds/2.json"] { XCTAssertEqual(try run(["feeds", "add", base + path]).status, 0) }
        let twice = try run(["feeds", "add", base + "/feeds/1.atom"])
        XCTAssertEqual(twice.status, 0, twice.out)
        XCTAssertTrue(twice.out.contains("Already followed: 3. Demo feed 1"), twice.out)
        XCTAssertFalse(twice.out.contains("Added"), twice.out)

        // A feed never read is named by its host and path (no title yet).
        let unread = base.replacingOccurrences(of: "http://", with: "") + "/feeds/99.xml"
        let removed = try run(["feeds", "remove", "1"]).out
        XCTAssertTrue(removed.contains("Removed \(unread)"), removed)
        let listed = try run(["feeds", "list"]).out
        let numbers = listed.components(separatedBy: "\n").compactMap { $0.split(separator: ".").first.flatMap { Int($0) } }
        XCTAssertEqual(numbers, [1, 2, 3], "numbered as listed, no gap:\n\(listed)")
        XCTAssertTrue(try run(["feeds", "remove", "2"]).out.contains("Removed Demo feed 1"), "2 is the second listed")

        // tern cache names the feeds' lists as a person does, and counts in words.
        let cache = try run(["cache"]).out
        XCTAssertTrue(cache.contains("web feed Demo feed 0: 20 posts") && cache.contains("all web feeds: "), cache)
        XCTAssertFalse(cache.contains("feeds feed:") || cache.contains(" 1 files"), cache)

        // Beside a running Tern, which holds the store: listing only reads.
        let tmux = try TmuxSession(command: "env \(home.env) \(tern.path); sleep 30")
        defer { tmux.close() }
        XCTAssertTrue(tmux.wait { $0.contains("tern · Feeds") }.ok, tmux.screen())
        let beside = try run(["feeds", "list"])
        XCTAssertEqual(beside.status, 0, beside.out)
        XCTAssertTrue(beside.out.contains("1. Demo feed 0") && beside.out.contains("2. Demo feed 2"), beside.out)
        try tmux.send("q")
    }
}
