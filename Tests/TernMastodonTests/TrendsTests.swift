import Foundation
import TernDemo
import TernMastodon
import TernModel
import XCTest

/// Trends: mastodon.social's trending hashtags decode with their week's uses; the demo's trending posts
/// page by the server's offset links, each post once.
final class TrendsTests: XCTestCase {
    func testMastodonSocialsTrendingHashtagsDecodeWithTheirUses() throws {
        let data = try CorpusTests.file("mastodon.social_mastodonpy/trends_tags.json")
        let raw = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let tags = try MastodonDecoder.trendingHashtags(fromJSON: data)
        XCTAssertEqual(tags.map(\.name), raw.compactMap { $0["name"] as? String })
        for (tag, wire) in zip(tags, raw) {
            let uses = (wire["history"] as? [[String: Any]])?.compactMap { ($0["uses"] as? String).flatMap(Int.init) }.reduce(0, +)
            XCTAssertEqual(tag.weeklyUses, uses, tag.name)
        }
    }

    func testTrendingPostsPageByTheServersLinksEachOnce() async throws {
        try await withDemo { _, client in
            let tags = try await client.trendingHashtags()
            XCTAssertFalse(tags.isEmpty, "the demo's posts carry hashtags")
            let links = try await client.trendingLinks()
            XCTAssertEqual(links.map(\.provider), ["Example Articles", "Example Blog", "Example Photos"])
            XCTAssertTrue(links.allSatisfy { $0.url.hasPrefix("https://") && !$0.title.isEmpty })
            var page = try await client.timeline(.trending)
            var ids = page.posts.map(\.id)
            XCTAssertEqual(ids.count, 20)
            XCTAssertGreaterThanOrEqual(page.posts.first?.favouritesCount ?? 0, page.posts.last?.favouritesCount ?? 0, "most liked first")
            while let next = page.links.next {
                page = try await client.page(at: next, of: .trending)
                ids += page.posts.map(\.id)
            }
            XCTAssertEqual(ids.count, 60, "three pages")
            XCTAssertEqual(Set(ids).count, ids.count, "no post twice")
        }
    }
}

/// A real server's custom emoji list (tchncs.de, recorded by rtoot): every shortcode offered in pickers, for
/// completing `:name` in a post.
final class CustomEmojiCorpusTests: XCTestCase {
    func testARecordedCustomEmojiListGivesEveryShortcode() throws {
        let data = try CorpusTests.file("mastodon-production_rtoot/tchncs_custom_emojis.json")
        let raw = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let offered = raw.filter { $0["visible_in_picker"] as? Bool != false }.compactMap { $0["shortcode"] as? String }
        XCTAssertFalse(offered.isEmpty)
        XCTAssertEqual(try MastodonDecoder.customEmojiShortcodes(fromJSON: data), offered)
        let hidden = #"[{"shortcode":"a","visible_in_picker":false},{"shortcode":"b"},{"url":"x"}]"#
        XCTAssertEqual(try MastodonDecoder.customEmojiShortcodes(fromJSON: Data(hidden.utf8)), ["b"], "one kept out of pickers, one unnamed")
    }
}
