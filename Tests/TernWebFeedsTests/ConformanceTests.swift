import Foundation
@testable import TernWebFeeds
import XCTest

/// A public feed parser's test suite (../shared/corpus/feeds, gofeed's testdata): every file is read
/// without a crash or a hang, and what a reader shows of each case (titles, links, dates, authors, ids,
/// pictures, enclosures, text) is what the suite expects, bar the cases listed with the reason.
final class ConformanceTests: XCTestCase {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/feeds/gofeed/testdata")

    func cases(_ folder: String) throws -> [(input: URL, expected: URL?)] {
        let dir = Self.suite.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: dir.path) else { throw XCTSkip("../shared/corpus/feeds is absent") }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return names.compactMap { name in
            let url = dir.appendingPathComponent(name)
            if name.hasSuffix(".xml") {
                let expected = dir.appendingPathComponent(String(name.dropLast(4)) + ".json")
                return (url, FileManager.default.fileExists(atPath: expected.path) ? expected : nil)
            }
            if name.hasSuffix(".json"), !name.hasSuffix("_expected.json"),
               !names.contains(String(name.dropLast(5)) + ".xml") {
                let expected = dir.appendingPathComponent(String(name.dropLast(5)) + "_expected.json")
                return (url, FileManager.default.fileExists(atPath: expected.path) ? expected : nil)
            }
            return nil
        }
    }


    /// Every input of every folder: read, or refused with a message; never a crash or a hang.
    func testEveryFileOfTheSuiteIsReadOrRefusedWithAMessage() throws {
        var read = 0, refused: [String] = []
        for folder in ["parser/rss", "parser/atom", "parser/json", "parser/json/invalid", "parser/universal", "translator/rss",
                       "translator/atom", "translator/json", "extensions/dublincore", "extensions/itunes", "extensions/media"] {
            for c in try cases(folder) {
                do {
                    _ = try FeedParser.parse(Data(contentsOf: c.input))
                    read += 1
                } catch let error as WebFeedError {
                    XCTAssertFalse(error.description.isEmpty)
                    refused.append("\(folder)/\(c.input.lastPathComponent): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(read, 500, "the suite's feeds are read")
        // The suite's deliberately broken inputs, and only those, are refused.
        XCTAssertEqual(refused.map { $0.components(separatedBy: ":").first! }.sorted(),
                       ["parser/json/invalid/invalid.json", "parser/universal/empty_feed.xml", "parser/universal/invalid.json",
                        "parser/universal/unknown_feed.xml"].sorted(),
                       refused.joined(separator: "\n"))
    }

    /// The format-independent item a reader shows, case by case.
    func testWhatAReaderShowsIsWhatTheSuiteExpects() throws {
        var mismatches: [String] = []
        var compared = 0
        for folder in ["translator/rss", "translator/atom", "translator/json", "extensions/dublincore", "extensions/media"] {
            for c in try cases(folder) {
                guard let expectedURL = c.expected,
                      let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL)) as? [String: Any] else { continue }
                let name = "\(folder)/\(c.input.lastPathComponent)"
                guard Self.skipped[name] == nil else { continue }
                let feed: WebFeed
                do { feed = try FeedParser.parse(Data(contentsOf: c.input)) } catch {
                    mismatches.append("\(name): refused: \(error)")
                    continue
                }
                compared += 1
                func check(_ what: String, _ want: String?, _ got: String?) {
                    guard let want, !want.isEmpty else { return }
                    let w = want.trimmingCharacters(in: .whitespacesAndNewlines), g = got?.trimmingCharacters(in: .whitespacesAndNewlines)
                    if w != g { mismatches.append("\(name): \(what): want \(w.debugDescription), got \(String(describing: g).debugDescription)") }
                }
                func checkDate(_ what: String, _ want: String?, _ got: Date?) {
                    guard let want else { return }
                    let parsed = try? Date(want, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
                    let wanted = parsed ?? (try? Date(want, strategy: .iso8601))
                    guard let wanted, let got, abs(wanted.timeIntervalSince(got)) < 0.001 else {
                        return mismatches.append("\(name): \(what): want \(want), got \(String(describing: got))")
                    }
                }
                check("feed title", expected["title"] as? String, feed.title)
                check("feed link", expected["link"] as? String, feed.link)
                let items = expected["items"] as? [[String: Any]] ?? []
                for (i, want) in items.enumerated() {
                    guard i < feed.items.count else { mismatches.append("\(name): item \(i) missing"); continue }
                    let got = feed.items[i]
                    check("item \(i) title", want["title"] as? String, got.title)
                    check("item \(i) link", want["link"] as? String, got.link)
                    check("item \(i) id", want["guid"] as? String, got.id)
                    checkDate("item \(i) published", want["publishedParsed"] as? String, got.published)
                    checkDate("item \(i) updated", want["updatedParsed"] as? String, got.updated)
                    check("item \(i) image", (want["image"] as? [String: Any])?["url"] as? String, got.image)
                    check("item \(i) content", want["content"] as? String, got.content)
                    check("item \(i) description", want["description"] as? String, got.summary.nilIfEmpty ?? got.content)
                    for author in want["authors"] as? [[String: Any]] ?? [] {
                        let shown = (author["name"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? author["email"] as? String
                        if let shown, !got.authors.contains(shown) { mismatches.append("\(name): item \(i) author \(shown.debugDescription) not in \(got.authors)") }
                    }
                    for enclosure in want["enclosures"] as? [[String: Any]] ?? [] {
                        if let url = enclosure["url"] as? String, !got.enclosures.contains(where: { $0.url == url }) {
                            mismatches.append("\(name): item \(i) enclosure \(url) not in \(got.enclosures.map(\.url))")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 95)
        XCTAssertEqual(mismatches, [], "\n" + mismatches.joined(separator: "\n"))
    }

    /// The format's own fields, case by case: the titles and ids of the feed and its items, and the
    /// links, where the case gives them.
    func testTheFormatsOwnFieldsAreRead() throws {
        var mismatches: [String] = []
        var compared = 0
        for folder in ["parser/rss", "parser/atom"] {
            for c in try cases(folder) {
                guard let expectedURL = c.expected,
                      let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL)) as? [String: Any] else { continue }
                let name = "\(folder)/\(c.input.lastPathComponent)"
                guard Self.skipped[name] == nil else { continue }
                guard let feed = try? FeedParser.parse(Data(contentsOf: c.input)) else {
                    mismatches.append("\(name): refused")
                    continue
                }
                compared += 1
                func check(_ what: String, _ want: Any?, _ got: String?) {
                    guard let want = want as? String, !want.isEmpty else { return }
                    let w = want.trimmingCharacters(in: .whitespacesAndNewlines)
                    if w != got?.trimmingCharacters(in: .whitespacesAndNewlines) {
                        mismatches.append("\(name): \(what): want \(w.debugDescription), got \(String(describing: got).debugDescription)")
                    }
                }
                // A title given as HTML is shown as its words.
                func words(_ v: Any?) -> Any? { (v as? String).map(HTMLScan.text) }
                let entries = expected["items"] as? [[String: Any]] ?? expected["entries"] as? [[String: Any]] ?? []
                if !(expected["title"] is String) || folder == "parser/rss" { check("feed title", words(expected["title"]), feed.title) }
                for (i, want) in entries.enumerated() {
                    guard i < feed.items.count else { mismatches.append("\(name): item \(i) missing"); continue }
                    let got = feed.items[i]
                    check("item \(i) title", words(want["title"]), got.title)
                    check("item \(i) id", (want["guid"] as? [String: Any])?["value"] ?? want["id"], got.id)
                    if folder == "parser/rss" { check("item \(i) link", want["link"], got.link) }
                }
            }
        }
        XCTAssertGreaterThan(compared, 300)
        XCTAssertEqual(mismatches, [], "\n" + mismatches.joined(separator: "\n"))
    }

    /// Cases whose expectation is that parser's own choice rather than the feed's meaning.
    static let skipped: [String: String] = [
        "translator/rss/feed_item_links_-_rss_channel_item_links.xml":
            "three <link>s, one an Atom-style href: that parser takes the last; Tern the first <link>, the one RSS defines",
        "translator/rss/feed_links_-_rss_channel_links.xml": "the same, for the channel's links",
        "translator/rss/feed_links_-_rdf_channel_links.xml": "the same, for an RDF channel's links",
        "parser/rss/rss_channel_item_links.xml": "the same, at the RSS level",
        "parser/rss/rdf_item_links.xml": "the same, for an RDF item",
        "parser/rss/rss_channel_item_guid_naked_markup.xml":
            "a guid holding markup: that parser keeps the markup; Tern its text. An id is compared, never shown",
        "parser/atom/entry_id_xml_base.xml":
            "a relative id resolved against xml:base by that parser; an Atom id is an IRI, not a reference (RFC 4287 4.2.6), kept as written",
    ]
}
