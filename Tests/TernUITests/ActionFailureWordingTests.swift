import TernFeed
@testable import TernUI
import XCTest

/// A press that went back says which post (account, hashtag) it was about (issue 45: with four likes
/// pending, "Couldn't like: server error 500" read as all four failed), in words that passed the sanitizer.
final class ActionFailureWordingTests: XCTestCase {
    func testALikeThatWentBackNamesThePostByItsAuthorAndFirstWords() {
        let failure = ActionFailure(verb: "like", subject: .post(author: "Ann Lee", text: "first words of a longer post here"),
                                    reason: "server error 500")
        XCTAssertEqual(failure.shown, "Couldn't like Ann Lee's post “first words of a longer…”: server error 500")
        XCTAssertEqual(failure.plainText, "Couldn't like: server error 500")
    }

    func testServerTextIsMadeInertAndOneLine() {
        let failure = ActionFailure(verb: "boost", subject: .post(author: "Evil\u{1B}]0;owned\u{07} Eve\u{202E}",
                                                                  text: "two\n\nlines\u{1B}[31m red"), reason: "request refused 422")
        XCTAssertEqual(failure.shown, "Couldn't boost Evil Eve's post “two lines red”: request refused 422")
    }

    func testEveryKindOfPressNamesWhatItWasAbout() {
        let post = ActionFailure.Subject.post(author: "Ann", text: "")
        XCTAssertEqual(ActionFailure(verb: "vote", joiner: "in", subject: post, reason: "r").shown, "Couldn't vote in Ann's post: r")
        XCTAssertEqual(ActionFailure(verb: "react", joiner: "to", subject: post, reason: "r").shown, "Couldn't react to Ann's post: r")
        XCTAssertEqual(ActionFailure(verb: "unfollow", subject: .account(name: "Ann Lee", acct: "ann@x.example"), reason: "r").shown,
                       "Couldn't unfollow Ann Lee (@ann@x.example): r")
        XCTAssertEqual(ActionFailure(verb: "mute", subject: .account(name: "", acct: "ann"), reason: "r").shown, "Couldn't mute @ann: r")
        XCTAssertEqual(ActionFailure(verb: "follow the hashtag", subject: .hashtag("tea"), reason: "r").shown,
                       "Couldn't follow the hashtag #tea: r")
        XCTAssertEqual(ActionFailure(verb: "like", subject: nil, reason: "r").shown, "Couldn't like: r")
    }
}
