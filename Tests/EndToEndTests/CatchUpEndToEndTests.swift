import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TernDemo
import TernStore
import XCTest

/// `tern catchup` on the demo: the window since the read mark ranked and grouped from the cache, as plain
/// text and as JSON, the same offline, and "done reading" moving the read mark and the last catch-up.
final class CatchUpEndToEndTests: XCTestCase {
    private struct Printed: Decodable {
        struct Person: Decodable { var acct: String; var name: String }
        struct Item: Decodable {
            var id, statusID: String
            var author: Person
            var likes, boosts, replies: Int
            var contentWarning: String?
            var liked: Bool
            var boostedAt: Date?
            var boostedBy: [Person]
            var kinds: [String]
            var createdAt: Date
        }
        struct Link: Decodable { var url: String; var title: String?; var sharedBy: [Person] }
        struct Group: Decodable { var author: Person; var posts: Int; var statusIDs: [String] }
        var window, order: String
        var from, to: Date?
        var total: Int
        var facets: [String: Int?]
        var links: [Link]
        var groups: [Group]?
        var posts: [Item]
    }

    func testCatchUpRanksGroupsAndSharesFromTheCacheOnlineAndOffline() async throws {
        let demo = try await DemoHome.start()
        let (tern, server, home) = (demo.tern, demo.server, demo.home)
        defer { home.remove() }
        let environment = ["LANG": "C.UTF-8", "COLUMNS": "90"]
        func run(_ arguments: [String]) throws -> String {
            let (status, out) = try home.run(tern, ["catchup"] + arguments, extra: environment)
            XCTAssertEqual(status, 0, "catchup \(arguments): \(out.prefix(400))")
            return out
        }
        func json(_ arguments: [String]) throws -> Printed {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Printed.self, from: Data(try run(arguments + ["--json", "--count", "100"]).utf8))
        }
        // What the server's home timeline holds, read beside Tern: the first page, as Tern fetches it.
        let page = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(string: "\(server.baseURL)/api/v1/timelines/home?limit=40")!))
            as? [[String: Any]] ?? []
        let originals = page.map { ($0["reblog"] as? [String: Any]) ?? $0 }
        let mostLiked = try XCTUnwrap(originals.max { ($0["favourites_count"] as? Int ?? 0) < ($1["favourites_count"] as? Int ?? 0) })

        // Newest first: the demo's newest post, as `tern --plain` prints it, under the heading and the facets.
        // The heading says the window's times, local: from its oldest post to its newest.
        let plain = try run([])
        let heading = try XCTUnwrap(plain.split(separator: "\n").first.map(String.init))
        XCTAssertNotNil(heading.range(of: #"^Catch-up since the read mark \([^()]*\d:\d\d[^()]* to [^()]*\d:\d\d[^()]*\): \d+ posts, newest first$"#,
                                      options: .regularExpression), heading)
        XCTAssertEqual(try run(["--plain"]), plain, "--plain is taken: it prints what it prints anyway")
        XCTAssertTrue(plain.contains("followed hashtags "), "the demo follows #birds:\n\(plain.prefix(400))")
        XCTAssertTrue(plain.contains("\nShared by several:\n"), plain.prefix(1500).description)
        XCTAssertTrue(plain.contains("\n  https://news.example.org/2026/11/reading-the-fediverse-in-a-terminal “Reading the fediverse in a terminal” (Example News)\n    shared by "),
                      "the article three shared, once, its tracking taken off:\n\(plain.prefix(1500))")
        let firstPost = try XCTUnwrap(plain.range(of: "\n\nSol Novak (@user32), "), "the newest post first:\n\(plain.prefix(2000))")
        XCTAssertTrue(plain[firstPost.upperBound...].contains("Path corner keyboard paper lake."))

        // Each order's first post, against what the server says of its posts.
        let liked = try json(["--order", "liked"])
        XCTAssertEqual(liked.order, "liked")
        XCTAssertEqual(liked.posts.first?.statusID, mostLiked["id"] as? String)
        XCTAssertEqual(liked.posts.map(\.likes), liked.posts.map(\.likes).sorted(by: >))
        for (order, count) in [("boosted", \Printed.Item.boosts), ("replied", \Printed.Item.replies)] {
            let ranked = try json(["--order", order]).posts.map { $0[keyPath: count] }
            XCTAssertEqual(ranked, ranked.sorted(by: >), order)
        }
        // Stand-outs: likes and boosts over the author's median over the posts held (here the page, each status once).
        var attention: [String: [String: Int]] = [:]
        for status in originals {
            let author = (status["account"] as? [String: Any])?["acct"] as? String ?? ""
            attention[author, default: [:]][status["id"] as? String ?? ""] =
                (status["favourites_count"] as? Int ?? 0) + (status["reblogs_count"] as? Int ?? 0)
        }
        func median(_ xs: [Int]) -> Double {
            let s = xs.sorted()
            return s.count % 2 == 1 ? Double(s[s.count / 2]) : Double(s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        let standOut = attention.flatMap { author, posts in
            posts.map { (id: $0.key, score: Double($0.value) / max(1, median(Array(posts.values)))) }
        }.max { $0.score < $1.score }
        XCTAssertEqual(try json(["--order", "stand-outs"]).posts.first?.statusID, standOut?.id)
        let newest = try json([])
        // A post's content warning is in the JSON as in the plain text (it was left out).
        XCTAssertTrue(newest.posts.contains { $0.contentWarning?.isEmpty == false }, "no content warning among \(newest.posts.count) posts")
        XCTAssertEqual(newest.posts.first?.id, page.first?["id"] as? String)
        let to = try XCTUnwrap(newest.to), from = try XCTUnwrap(newest.from)
        XCTAssertEqual(to, newest.posts.map { $0.createdAt }.max())
        XCTAssertLessThanOrEqual(from, to)
        // The post several boosted is one row naming them; the article three shared is one link.
        let boosted = try XCTUnwrap(newest.posts.first { $0.boostedBy.count >= 2 }, "no post boosted by several")
        XCTAssertEqual(Set(boosted.boostedBy.map(\.acct)).count, boosted.boostedBy.count)
        XCTAssertEqual(newest.posts.filter { $0.statusID == boosted.statusID }.count, 1)
        // A post that came only as boosts carries the newest boost's time beside its own.
        // (A post of its author's in the window is an original, a reply or a quote: none of these, only boosts came.)
        let boostsOnly = newest.posts.filter { $0.kinds.contains("boosts") && Set($0.kinds).isDisjoint(with: ["originals", "replies", "quotes"]) }
        XCTAssertFalse(boostsOnly.isEmpty)
        XCTAssertTrue(boostsOnly.allSatisfy { $0.boostedAt != nil }, "a boost's time missing")
        let story = try XCTUnwrap(newest.links.first { $0.url == "https://news.example.org/2026/11/reading-the-fediverse-in-a-terminal" })
        XCTAssertEqual(story.sharedBy.count, 3, "as it is, with utm_*, with fbclid: one link")
        XCTAssertFalse(newest.links.contains { $0.url.contains("utm_") || $0.url.contains("fbclid") })
        // Kinds: only pictures; by author.
        let pictures = try json(["--kind", "pictures"])
        XCTAssertEqual(pictures.total, newest.facets["pictures"] ?? nil)
        // Every kind is counted, those with none as 0 (`--help`'s kinds).
        XCTAssertEqual(Set(newest.facets.keys), ["originals", "replies", "quotes", "boosts", "pictures", "hashtags"])
        XCTAssertTrue(newest.facets.values.allSatisfy { $0 != nil }, "online, every count is known: \(newest.facets)")
        XCTAssertTrue(pictures.posts.allSatisfy { $0.kinds.contains("pictures") })
        let grouped = try json(["--group", "--order", "liked"])
        let groups = try XCTUnwrap(grouped.groups)
        XCTAssertEqual(groups.reduce(0) { $0 + $1.posts }, grouped.posts.count)
        XCTAssertEqual(groups.first?.statusIDs.first, mostLiked["id"] as? String)

        // Offline, from the cache the runs filled: the same posts.
        await server.stop()
        let offline = try json(["--offline"])
        XCTAssertEqual(offline.posts.map(\.id), newest.posts.map(\.id))
        // Offline the followed hashtags are not known: their count is null, not 0.
        XCTAssertEqual(offline.facets["hashtags"], .some(nil), "\(offline.facets)")
        XCTAssertEqual(offline.facets["originals"] ?? nil, newest.facets["originals"] ?? nil)
        // Beside a Tern that has the cache open (here, this test's own store): read beside it, not refused; done
        // reading, a write, is left to that Tern and said so.
        do {
            let holder = try Store(url: home.url.appendingPathComponent("data/tern/tern.sqlite"))
            XCTAssertEqual(try json(["--offline"]).posts.map(\.id), newest.posts.map(\.id))
            let refused = try home.run(tern, ["catchup", "--offline", "--done"], extra: environment, errors: true)
            XCTAssertNotEqual(refused.status, 0)
            XCTAssertTrue(refused.out.contains("has the cache open: mark it read there with C and x, or quit it first"), refused.out)
            withExtendedLifetime(holder) {}
        }
        // Done reading: the read mark and the last catch-up move to the newest post; nothing is left since.
        _ = try run(["--offline", "--done"])
        XCTAssertEqual(try json(["--offline"]).total, 0)
        XCTAssertEqual(try json(["--offline", "--since-last"]).total, 0)
        XCTAssertTrue(try run(["--offline"]).hasPrefix("Catch-up since the read mark: 0 posts"))
        // Online, done reading moves the server's home marker too.
        let another = try await DemoHome.start()
        let (second, home2) = (another.server, another.home)
        defer { home2.remove() }
        let read = try home2.run(tern, ["catchup", "--done", "--json"], extra: environment)
        XCTAssertEqual(read.status, 0)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let newestThere = try decoder.decode(Printed.self, from: Data(read.out.utf8)).posts.first?.id
        let markers = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(string: "\(second.baseURL)/api/v1/markers?timeline%5B%5D=home")!))
            as? [String: Any]
        XCTAssertEqual((markers?["home"] as? [String: Any])?["last_read_id"] as? String, newestThere)
        await second.stop()
        // Bad input: a clear refusal, not a guess.
        let refused = try home.run(tern, ["catchup", "--hours", "3"], extra: environment, errors: true)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.out.contains("--hours takes 1, 2, 4, 8, 12 or 24, not 3"), refused.out)
        let both = try home.run(tern, ["catchup", "--plain", "--json"], extra: environment, errors: true)
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.out.contains("--plain and --json are two ways to print: choose one"), both.out)
    }

    /// The user's own post, on Home as the server lists it, is not something they missed: `tern catchup`
    /// leaves it out, as the screen does.
    func testTheUsersOwnPostIsLeftOut() async throws {
        // The demo's own account ("you") is 100000.
        let demo = try await DemoHome.start("you@one.example", accountID: "100000")
        let (tern, server, home) = (demo.tern, demo.server, demo.home)
        defer { home.remove() }
        var request = URLRequest(url: URL(string: "\(server.baseURL)/api/v1/statuses")!)
        request.httpMethod = "POST"
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"status":"Mine, and not missed"}"#.utf8)
        let (body, _) = try await URLSession.shared.data(for: request)
        let mine = try XCTUnwrap((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["id"] as? String, String(decoding: body, as: UTF8.self))
        let page = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(string: "\(server.baseURL)/api/v1/timelines/home?limit=40")!))
            as? [[String: Any]] ?? []
        XCTAssertTrue(page.contains { $0["id"] as? String == mine }, "the demo lists the user's post on Home")
        let (status, out) = try home.run(tern, ["catchup", "--hours", "24", "--json", "--count", "500"], extra: ["LANG": "C.UTF-8"])
        XCTAssertEqual(status, 0, out)
        XCTAssertFalse(out.contains(mine), "the user's own post is in their catch-up:\n\(out.prefix(600))")
        XCTAssertTrue(out.contains("\"statusID\""), "other posts are: \(out.prefix(300))")
        await server.stop()
    }
}
