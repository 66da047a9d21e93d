import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// The list of direct messages when one is answered: the conversation comes back at the top as an entry of
/// its own, and the selection goes with it. It went on to the next conversation, and the answered one was
/// out of view (a new user, answering from the list).
final class ConversationSelectionTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ conversation: Int, message: Int) -> Post {
        var p = Post(id: "c\(conversation)-m\(message)", statusID: "m\(message)", account: Account(id: "a\(conversation)", acct: "u\(conversation)", displayName: "U\(conversation)"),
                     createdAt: now.addingTimeInterval(Double(message * 60)), content: StyledText(plain: "Message \(message)."))
        p.conversation = Conversation(id: "c\(conversation)", unread: false, participants: [p.account])
        return p
    }

    func snapshot(_ posts: [Post], version: Int) -> FeedSnapshot {
        FeedSnapshot(TimelineSnapshot(version: version, timeline: .conversations, posts: posts))
    }

    func testTheSelectionFollowsAnAnsweredConversationToTheTop() {
        let e = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var layer = FeedLayer(.timeline(.conversations))
        layer.show(snapshot((1...6).map { entry($0, message: 10 - $0) }, version: 1), e)
        _ = layer.settle(e)
        for _ in 0..<3 { _ = layer.update(.character("j"), e); _ = layer.settle(e) }
        XCTAssertEqual(layer.viewport.selectedID, "c4-m6")

        // Answered: conversation 4's newest message is the user's, at the top; its old entry is left out.
        let answered = [entry(4, message: 20)] + [1, 2, 3, 5, 6].map { entry($0, message: 10 - $0) }
        layer.show(snapshot(answered, version: 2), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "c4-m20", "the same conversation, now at the top")
        XCTAssertEqual(layer.viewport.anchorID, "c4-m20", "in view")

        // A conversation that left for good (deleted) still hands the selection on to the next one below.
        layer.show(snapshot([2, 3, 5, 6].map { entry($0, message: 10 - $0) } + [entry(1, message: 9)], version: 3), e)
        _ = layer.settle(e)
        XCTAssertEqual(layer.viewport.selectedID, "c1-m9")
    }
}
