import TernModel
import XCTest

/// Counts in words are singular for one, everywhere Tern prints them ("1 followers", "1 new posts" and
/// "1 files" were printed).
final class CountedTests: XCTestCase {
    func testOneIsSingularAndOthersPlural() {
        XCTAssertEqual(Counted.words(1, "follower"), "1 follower")
        XCTAssertEqual(Counted.words(2, "follower"), "2 followers")
        XCTAssertEqual(Counted.words(0, "new post"), "0 new posts")
        XCTAssertEqual(Counted.words(1, "file"), "1 file")
        XCTAssertEqual(Counted.words(3, "reply"), "3 replies")
        XCTAssertEqual(Counted.words(3, "day"), "3 days")
        XCTAssertEqual(Counted.words(2, "match"), "2 matches")
        XCTAssertEqual(Counted.words(2, "person", plural: "people"), "2 people")
    }
}
