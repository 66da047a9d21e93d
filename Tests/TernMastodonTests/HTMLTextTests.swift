import TernMastodon
import TernModel
import XCTest

final class HTMLTextTests: XCTestCase {
    func testParagraphsBreaksAndEntities() throws {
        let t = try HTMLText.styledText(fromHTML: "<p>Fish &amp; chips &lt;3</p><p>line one<br>line  two</p>")
        XCTAssertEqual(t.plainText, "Fish & chips <3\n\nline one\nline two")
    }

    func testMastodonLinkSpansMentionsAndHashtags() throws {
        let html = """
            <p><span class="h-card"><a href="https://ex.social/@ann" class="u-url mention">@<span>ann</span></a></span> see \
            <a href="https://example.org/a/very/long/path/indeed" rel="nofollow"><span class="invisible">https://</span>\
            <span class="ellipsis">example.org/a/very</span><span class="invisible">/long/path/indeed</span></a> \
            <a href="https://ex.social/tags/cats" class="mention hashtag" rel="tag">#<span>cats</span></a></p>
            """
        let t = try HTMLText.styledText(fromHTML: html)
        XCTAssertEqual(t.plainText, "@ann see example.org/a/very… #cats")
        let runs = t.paragraphs[0][0]
        XCTAssertTrue(runs.contains { $0.style == .mention("https://ex.social/@ann") && $0.text == "@ann" })
        XCTAssertTrue(runs.contains { $0.style == .hashtag("https://ex.social/tags/cats") })
        XCTAssertEqual(t.links, ["https://ex.social/@ann", "https://example.org/a/very/long/path/indeed", "https://ex.social/tags/cats"])
    }

    func testSoupAndScriptsDoNotBreakOrLeak() throws {
        let t = try HTMLText.styledText(fromHTML: "<p>open <b>bold <i>both</p><script>alert(1)</script><div>after")
        XCTAssertFalse(t.plainText.contains("alert"))
        XCTAssertTrue(t.plainText.contains("open bold both"))
        XCTAssertTrue(t.plainText.contains("after"))
        XCTAssertEqual(try HTMLText.styledText(fromHTML: "").paragraphs.count, 0)
        XCTAssertEqual(try HTMLText.styledText(fromHTML: "plain\ntext").plainText, "plain\ntext")
    }

    /// A hostile post's escape sequences go whole: libxml2 dropped their ESC and kept the rest, and the
    /// screen showed "hostile[2J[H".
    func testEscapeSequencesInHTMLLeaveNothingBehind() throws {
        let t = try HTMLText.styledText(fromHTML: "<p>\u{07}\u{08}\u{00}hostile\u{1B}[2J\u{1B}[H</p><p>\u{1B}]0;title\u{07}next \u{9B}31mline</p>")
        XCTAssertEqual(t.plainText, "hostile\n\nnext line")
        XCTAssertEqual(try HTMLText.styledText(fromHTML: "<pre>two\nlines</pre>").plainText.contains("two\nlines"), true,
                       "line breaks in preformatted text were lost")
    }
}
