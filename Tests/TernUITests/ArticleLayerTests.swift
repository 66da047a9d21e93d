import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// A web feed's item read whole, with no terminal and no store.
final class ArticleLayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheTextArrivesWrappedWithItsLinksAndVShowsItsPictures() {
        let picture = MediaAttachment(id: "img:1", kind: .image, url: "https://a.example/p.png", previewURL: "https://a.example/p.png")
        let post = Post(id: "0001800000000-ab", statusID: "0001800000000-ab", account: Account(id: "feed:1", acct: "a.example", displayName: "A blog"),
                        createdAt: now, content: StyledText(paragraphs: [[[StyledText.Run("A title", style: .strong)]]]),
                        media: [picture], url: "https://a.example/post")
        let e = LayerEnv(rows: 24, columns: 60, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = ArticleLayer(post)
        XCTAssertEqual(layer.load, .loadArticle(post.id))
        XCTAssertTrue(layer.lines(width: 60, now: now).contains { $0.contains { $0.text.string == "Loading…" } })
        let text = StyledText(paragraphs: [[[StyledText.Run("Read "), StyledText.Run("the source", style: .link("https://src.example/"))]]])
        XCTAssertNotNil(layer.receive(.article(postID: post.id, text: text, failure: nil), e))
        XCTAssertNil(layer.receive(.article(postID: "another", text: text, failure: nil), e), "another item's text is not this one's")
        let lines = layer.lines(width: 60, now: now)
        XCTAssertTrue(lines.contains { $0.contains { $0.text.string.contains("the source") && $0.link == "https://src.example/" } },
                      "the link keeps its target: \(lines)")
        XCTAssertTrue(lines.contains { $0.contains { $0.text.string.contains("▣ 1 picture (v shows it)") } })
        guard case .push(.gallery(let images, 0))? = layer.update(.character("v"), e).first else { return XCTFail("v opens the gallery") }
        XCTAssertEqual(images.map(\.request.url), ["https://a.example/p.png"])
        XCTAssertEqual(layer.update(.character("o"), e), [.openURL("https://a.example/post")])
        XCTAssertEqual(layer.update(.escape, e), [.pop])
    }
}
