import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// How pictures take their place in a post: size from the window, side by side with "+N", avatars, none
/// at all, and low data.
final class PictureLayoutTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(pictures: Int, aspect: Double = 1, avatar: Bool = true, id: String = "1") -> Post {
        Post(id: id, statusID: id, account: Account(id: "a", acct: "ann", displayName: "Ann", avatarURL: avatar ? "https://x/ann.png" : nil),
             createdAt: now, content: StyledText(plain: "hello"),
             media: (0..<pictures).map { i in
                 MediaAttachment(id: "m\(i)", kind: .image, url: "https://x/\(i).jpg", previewURL: "https://x/\(i)s.jpg",
                                 blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: Int(400 * aspect), height: 400)
             })
    }

    func pictures(_ l: RowLayout) -> [MediaBox] { l.media.filter { !$0.isAvatar } }

    func testThumbnailsFollowTheWindowWidthWithinLimits() {
        XCTAssertEqual(PictureLayout().thumbnailRows(width: 120), 8)
        XCTAssertEqual(PictureLayout().thumbnailRows(width: 60), 5)
        XCTAssertEqual(PictureLayout().thumbnailRows(width: 400), 14)
        XCTAssertEqual(PictureLayout(rows: 10).thumbnailRows(width: 60), 10, "the config wins")
        let wide = pictures(RowLayout(row: .post(post(pictures: 1, aspect: 3)), width: 120, revealed: false, now: now))
        XCTAssertEqual(wide[0].rows, 8)
        XCTAssertEqual(wide[0].columns, 28, "a 3:1 panorama is shown at 16:9")
        let tall = pictures(RowLayout(row: .post(post(pictures: 1, aspect: 0.3)), width: 120, revealed: false, now: now))
        XCTAssertEqual(tall[0].columns, 13, "a tall picture at 4:5 (8 rows × 2 × 0.8)")
        let narrow = pictures(RowLayout(row: .post(post(pictures: 1, aspect: 1)), width: 120, revealed: false, now: now,
                                        pictures: PictureLayout(columns: 10)))
        XCTAssertEqual(narrow[0].columns, 10, "thumbnail_width caps it")
    }

    func testPicturesSitSideBySideAndTheRestAreCounted() {
        // 80 columns: 5-row thumbnails, squares of 10 columns; 77 columns inside.
        let l = RowLayout(row: .post(post(pictures: 10)), width: 80, revealed: false, now: now)
        let shown = pictures(l)
        XCTAssertEqual(shown.count, 6, "six squares and a +N fit in 77 columns")
        XCTAssertEqual(shown.map(\.column), [2, 13, 24, 35, 46, 57])
        XCTAssertTrue(shown.allSatisfy { $0.line == shown[0].line && $0.rows == 5 })
        let label = l.lines[shown[0].line + 2].first
        XCTAssertEqual(label?.text.string, "+4")
        XCTAssertEqual(label?.column, 68)
        // Four fit without a count.
        let four = RowLayout(row: .post(post(pictures: 4)), width: 80, revealed: false, now: now)
        XCTAssertEqual(pictures(four).count, 4)
        XCTAssertFalse(four.lines.joined().contains { $0.text.string.hasPrefix("+") })
    }

    func testAvatarSitsBeforeTheNameAndOnlyWhereAsked() {
        let l = RowLayout(row: .post(post(pictures: 0)), width: 80, revealed: false, now: now)
        let avatar = l.media.first { $0.isAvatar }
        XCTAssertEqual(avatar?.line, 0)
        XCTAssertEqual(avatar?.column, 2)
        XCTAssertEqual(avatar?.columns, 2)
        XCTAssertEqual(avatar?.rows, 1)
        XCTAssertEqual(avatar?.request?.url, "https://x/ann.png")
        XCTAssertEqual(l.lines[0].first?.column, 5, "the name after the avatar and a space")
        for off in [PictureLayout(avatars: false), PictureLayout(off: true), PictureLayout(lowData: true)] {
            let plain = RowLayout(row: .post(post(pictures: 0)), width: 80, revealed: false, now: now, pictures: off)
            XCTAssertTrue(plain.media.isEmpty, "\(off)")
            XCTAssertEqual(plain.lines[0].first?.column, 2)
        }
        XCTAssertTrue(RowLayout(row: .post(post(pictures: 0, avatar: false)), width: 80, revealed: false, now: now).media.isEmpty)
    }

    func testImagesOffSaysWhatIsAttachedAndFetchesNothing() {
        let l = RowLayout(row: .post(post(pictures: 3)), width: 80, revealed: false, now: now, pictures: PictureLayout(off: true))
        XCTAssertTrue(l.media.isEmpty)
        XCTAssertTrue(l.lines.joined().contains { $0.text.string.contains("▣ 3 attachments") })
    }

    /// Low data: no prefetch, and in view only the selected post asks for its pictures; the others ask
    /// for their blurhash.
    func testLowDataAsksOnlyForTheSelectedPostsPictures() {
        let posts = (0..<6).map { post(pictures: 1, avatar: false, id: "p\($0)") }
        var e = LayerEnv(rows: 60, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.renderer.pictures = PictureLayout(lowData: true)
        var layer = FeedLayer(.timeline(.home))
        layer.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), e)
        guard case .thumbnails(let demand)? = layer.settle(e).first(where: { if case .thumbnails = $0 { true } else { false } }) else {
            return XCTFail("no demand")
        }
        XCTAssertEqual(demand.ahead, [], "nothing ahead")
        XCTAssertGreaterThan(demand.visible.count, 2)
        XCTAssertNotNil(demand.visible[0].boxes[0].request, "the selected post's picture is fetched")
        for row in demand.visible.dropFirst() {
            XCTAssertNil(row.boxes[0].request, "\(row.id) fetches nothing")
            XCTAssertEqual(row.boxes[0].blurKey?.url.hasPrefix("blurhash:"), true)
        }
        // Selecting the next post fetches its picture.
        _ = layer.update(.character("j"), e)
        guard case .thumbnails(let next)? = layer.settle(e).first(where: { if case .thumbnails = $0 { true } else { false } }) else {
            return XCTFail("no new demand")
        }
        XCTAssertNotNil(next.visible.first { $0.id == "p1" }?.boxes[0].request)
    }
}
