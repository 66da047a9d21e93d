import TernModel
import TernTerminal
@testable import TernUI
import XCTest

final class TimelinePickerTests: XCTestCase {
    let author = Account(id: "42", acct: "ann@ex.social", displayName: "Ann")

    func testMovesAndChooses() {
        var p = TimelinePicker(current: .home, author: author, lists: [])
        XCTAssertEqual(p.lines.first?.selected, true)
        XCTAssertEqual(p.handle(.character("j")), .stay)
        XCTAssertEqual(p.handle(.down), .stay)
        XCTAssertEqual(p.handle(.enter), .choose(.federated))
        XCTAssertEqual(p.handle(.character("7")), .notifications)
        XCTAssertEqual(p.handle(.character("8")), .choose(.allWebFeeds), "the web feeds")
        XCTAssertEqual(p.handle(.character("9")), .choose(.account(id: "42", acct: "ann@ex.social")))
        XCTAssertEqual(p.handle(.escape), .close)
    }

    func testTypingAHashtag() {
        var p = TimelinePicker(current: .home, author: nil, lists: [])
        XCTAssertEqual(p.handle(.character("6")), .stay, "the hashtag line asks for a tag")
        for c in "#swiftx" { _ = p.handle(.character(c)) }
        _ = p.handle(.backspace)
        XCTAssertTrue(p.lines[5].text.contains("#swift▏"))
        XCTAssertEqual(p.handle(.enter), .choose(.hashtag("swift")))
        _ = p.handle(.character("6"))
        XCTAssertEqual(p.handle(.enter), .stay, "an empty tag opens nothing")
        _ = p.handle(.escape)
        XCTAssertEqual(p.handle(.escape), .close)
    }

    func testListsArriveLaterAndTheCurrentTimelineIsSelected() {
        let list = TimelineID.list(id: "1", title: "Friends")
        var p = TimelinePicker(current: .bookmarks, author: nil, lists: [])
        XCTAssertEqual(p.lines.firstIndex { $0.selected }, 3)
        p.add(lists: [list, list])
        XCTAssertEqual(p.lines.filter { $0.text.contains("List: Friends") }.count, 1)
        XCTAssertEqual(p.handle(.character("9")), .choose(list))
    }
}
