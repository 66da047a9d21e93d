import Foundation
import TernModel
import XCTest

final class ModelTests: XCTestCase {
    func testRelativeTimeSteps() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-2), now: now), "now")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-42), now: now), "42s")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-300), now: now), "5m")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-3 * 3600), now: now), "3h")
        XCTAssertEqual(RelativeTime.short(from: now.addingTimeInterval(-2 * 86_400), now: now), "2d")
        XCTAssertEqual(RelativeTime.short(from: Date(timeIntervalSince1970: 1_700_000_000), now: now), "2023-11-14")
    }

    func testStyledTextPlainTextAndLinks() {
        let t = StyledText(paragraphs: [
            [[.init("hi "), .init("@ann", style: .mention("https://x/@ann"))], [.init("second line")]],
            [[.init("#tag", style: .hashtag("https://x/tags/tag")), .init(" "), .init("site", style: .link("https://s"))]],
        ])
        XCTAssertEqual(t.plainText, "hi @ann\nsecond line\n\n#tag site")
        XCTAssertEqual(t.links, ["https://x/@ann", "https://x/tags/tag", "https://s"])
        XCTAssertEqual(StyledText(plain: "a\nb").plainText, "a\nb")
        XCTAssertEqual(StyledText(plain: "").paragraphs.count, 0)
    }

    func testAttachmentThumbnailSourceAndAspect() {
        let image = MediaAttachment(id: "1", kind: .image, url: "o", previewURL: nil, width: 1920, height: 1080)
        XCTAssertEqual(image.thumbnailURL, "o")
        XCTAssertEqual(image.aspectRatio ?? 0, 16.0 / 9.0, accuracy: 1e-9)
        let audio = MediaAttachment(id: "2", kind: .audio, url: "a.mp3", previewURL: nil)
        XCTAssertNil(audio.thumbnailURL, "no picture to fetch for audio without a preview")
        XCTAssertNil(audio.aspectRatio)
        XCTAssertEqual(Account(id: "1", acct: "ann", displayName: "").shownName, "ann")
    }
}
