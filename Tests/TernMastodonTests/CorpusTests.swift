import Foundation
import NIOHTTP1
import TernMastodon
import TernModel
import XCTest

/// Real responses of Mastodon, Pixelfed, GoToSocial and Akkoma servers (../shared/corpus) must all decode.
final class CorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// One file of the corpus, by its path in it; the test is skipped, saying so, where the corpus is absent.
    static func file(_ path: String) throws -> Data {
        let url = corpus.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("../shared/corpus is absent") }
        return try Data(contentsOf: url)
    }

    func corpusFiles(_ ext: String) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            throw XCTSkip("../shared/corpus is absent; corpus conformance tests skipped")
        }
        let e = FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil)!
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
    }

    /// Every timeline (an array of statuses) and every single status in the corpus decodes completely,
    /// and its HTML comes out as text with no markup or entities left.
    func testEveryTimelineAndStatusDecodes() throws {
        var timelines = 0, statuses = 0, posts = 0
        for file in try corpusFiles("json") {
            let data = try Data(contentsOf: file)
            guard let json = try? JSONSerialization.jsonObject(with: data) else { continue }
            let name = file.lastPathComponent
            // Arrays of statuses; status edit histories have content but no ids and are not timelines.
            if let array = json as? [[String: Any]], array.first?["content"] != nil, array.first?["id"] != nil {
                let decoded = try MastodonDecoder.posts(fromJSON: data)
                XCTAssertEqual(decoded.unreadable, [], "\(name): entries unreadable")
                XCTAssertEqual(decoded.posts.count, array.count, name)
                for (post, raw) in zip(decoded.posts, array) { try check(post, raw, name) }
                timelines += 1
                posts += decoded.posts.count
            } else if let object = json as? [String: Any], object["content"] != nil, object["account"] != nil {
                try check(try MastodonDecoder.post(fromJSON: data), object, name)
                statuses += 1
            }
        }
        XCTAssertGreaterThanOrEqual(timelines, 20)
        XCTAssertGreaterThanOrEqual(statuses, 20)
        print("corpus: \(timelines) timelines (\(posts) posts) and \(statuses) statuses decoded")
    }

    private func check(_ post: Post, _ raw: [String: Any], _ name: String) throws {
        XCTAssertEqual(post.id, raw["id"] as? String, name)
        let shown = (raw["reblog"] as? [String: Any]) ?? raw
        XCTAssertEqual(post.statusID, shown["id"] as? String, name)
        XCTAssertEqual(post.account.acct, (shown["account"] as? [String: Any])?["acct"] as? String, name)
        XCTAssertEqual(post.media.count, (shown["media_attachments"] as? [Any])?.count ?? 0, name)
        XCTAssertEqual(post.favouritesCount, shown["favourites_count"] as? Int ?? 0, name)
        XCTAssertNotEqual(post.createdAt, Date(timeIntervalSince1970: 0), "\(name): created_at unread")
        // A boost keeps its own time beside its post's.
        if raw["reblog"] is [String: Any] { XCTAssertNotNil(post.boostedAt, "\(name): the boost's time unread") } else { XCTAssertNil(post.boostedAt, name) }
        let html = shown["content"] as? String ?? ""
        let text = post.content.plainText
        for leftover in ["<p>", "</p>", "<br", "<span", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;"] {
            XCTAssertFalse(text.contains(leftover), "\(name): '\(leftover)' left in text: \(text.prefix(120))")
        }
        // Markup with visible text must keep some text.
        let stripped = html.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        if !stripped.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            XCTAssertFalse(text.isEmpty, "\(name): text lost from \(html.prefix(120))")
        }
    }

    /// The Link headers recorded from real servers and the docs' examples parse into next/prev URLs.
    func testLinkHeadersParse() throws {
        var count = 0
        for file in try corpusFiles("http") {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            where line.lowercased().hasPrefix("link:") {
                try checkLinks(String(line.dropFirst(5)), file.lastPathComponent)
                count += 1
            }
        }
        let docs = CorpusTests.corpus.appendingPathComponent("mastodon-docs/link_header_examples.txt")
        for line in try String(contentsOf: docs, encoding: .utf8).split(separator: "\n") where line.hasPrefix("Link:") {
            try checkLinks(String(line.dropFirst(5)), docs.lastPathComponent)
            count += 1
        }
        XCTAssertGreaterThan(count, 10)
    }

    /// The parsed next/prev URLs are exactly the targets written before `rel="next"` / `rel="prev"`.
    private func checkLinks(_ value: String, _ name: String) throws {
        let links = LinkHeader(parsing: value)
        func target(_ rel: String) throws -> String? {
            let regex = try NSRegularExpression(pattern: "<([^>]*)>\\s*;\\s*rel=\"\(rel)\"")
            let range = NSRange(value.startIndex..., in: value)
            return regex.firstMatch(in: value, range: range).flatMap { Range($0.range(at: 1), in: value) }.map { String(value[$0]) }
        }
        XCTAssertEqual(links.next?.absoluteString, try target("next"), "\(name): \(value)")
        XCTAssertEqual(links.prev?.absoluteString, try target("prev"), "\(name): \(value)")
    }

    /// Error bodies of every status in the corpus become typed errors carrying the server's message.
    func testErrorBodiesBecomeTypedErrors() throws {
        var count = 0
        for file in try corpusFiles("http") {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            guard let statusLine = lines.first(where: { $0.hasPrefix("HTTP/") }),
                  let status = Int(statusLine.split(separator: " ")[1]), status >= 400 else { continue }
            let body = (try? Data(contentsOf: file.deletingPathExtension().appendingPathExtension("json"))) ?? Data()
            var headers = HTTPHeaders()
            for l in lines where l.contains(":") && !l.hasPrefix("#") && !l.hasPrefix("HTTP/") {
                let kv = l.split(separator: ":", maxSplits: 1)
                headers.add(name: String(kv[0]), value: kv[1].trimmingCharacters(in: .whitespaces))
            }
            let error = MastodonClient.error(status: status, headers: headers, body: body)
            let serverMessage = MastodonDecoder.errorMessage(fromJSON: body)
            switch error {
            case .unauthorized(let m): XCTAssertEqual(status, 401); XCTAssertEqual(m, serverMessage)
            case .rateLimited(_, let m): XCTAssertEqual(status, 429); XCTAssertEqual(m, serverMessage)
            case .http(let s, let m): XCTAssertEqual(s, status); XCTAssertEqual(m, serverMessage)
            default: XCTFail("\(file.lastPathComponent): \(error)")
            }
            if !body.isEmpty { XCTAssertNotNil(serverMessage, "\(file.lastPathComponent) has a message") }
            count += 1
        }
        XCTAssertGreaterThan(count, 5)
    }
}
