import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// A poll's choices on the compose screen: Tab and Shift-Tab walk every field in order, a choice added
/// takes the keys that follow, and no key typed is lost without a word. Before, `+` on the options row
/// added a third choice but left the focus on the row, where what was typed next went nowhere.
final class ComposePollFieldsTests: XCTestCase {
    let e = LayerEnv(rows: 30, columns: 100, now: Date(), renderer: FrameRenderer(theme: .builtIn))

    func type(_ text: String, _ layer: inout ComposeLayer) -> [Effect] {
        text.flatMap { layer.update(.character($0), e) }
    }

    /// `w`, text, the `+ poll` option: as a new user does it.
    func pollBeingWritten() -> ComposeLayer {
        var layer = ComposeLayer(draft: Draft(id: "new"), context: nil)
        _ = type("tea or coffee?", &layer)
        _ = layer.update(.tab, e)
        for _ in 0..<4 { _ = layer.update(.right, e) }       // visibility, CW, sensitive, language → poll
        _ = layer.update(.enter, e)
        return layer
    }

    func testTabAndShiftTabWalkEveryFieldAndAChoiceAddedTakesTheKeys() {
        var layer = pollBeingWritten()
        XCTAssertEqual(layer.focus, .pollOption(0))
        _ = type("tea", &layer)
        _ = layer.update(.tab, e)
        XCTAssertEqual(layer.focus, .pollOption(1))
        _ = type("coffee", &layer)
        // Enter on the last choice adds another, which takes what is typed next.
        _ = layer.update(.enter, e)
        XCTAssertEqual(layer.focus, .pollOption(2))
        _ = type("water", &layer)
        XCTAssertEqual(layer.current.poll?.options, ["tea", "coffee", "water"])
        // Tab from the text walks every field in order, back to where it started; Shift-Tab the other way.
        while layer.focus != .text { _ = layer.update(.tab, e) }
        var walked: [ComposeLayer.Field] = []
        repeat { _ = layer.update(.tab, e); walked.append(layer.focus) } while layer.focus != .text
        XCTAssertEqual(walked, [.options, .pollOption(0), .pollOption(1), .pollOption(2), .text])
        var back: [ComposeLayer.Field] = []
        repeat { _ = layer.update(.other(353), e); back.append(layer.focus) } while layer.focus != .text
        XCTAssertEqual(back, [.pollOption(2), .pollOption(1), .pollOption(0), .options, .text])
    }

    func testPlusOnTheOptionsRowGivesTheNewChoiceTheKeys() {
        var layer = pollBeingWritten()
        _ = type("tea", &layer)
        _ = layer.update(.tab, e)
        _ = type("coffee", &layer)
        while layer.focus != .options { _ = layer.update(.tab, e) }
        _ = layer.update(.character("+"), e)
        XCTAssertEqual(layer.focus, .pollOption(2))
        _ = type("milk", &layer)
        XCTAssertEqual(layer.current.poll?.options, ["tea", "coffee", "milk"], "what was typed after + is in the new choice")
        // At the server's most (4 here), neither `+` nor Enter adds one, and both say why.
        _ = layer.update(.enter, e)
        XCTAssertEqual(layer.focus, .pollOption(3))
        _ = type("juice", &layer)
        XCTAssertEqual(layer.update(.enter, e), [.say("The server takes at most 4 choices in a poll.", error: false)])
        XCTAssertEqual(layer.focus, .pollOption(3))
        while layer.focus != .options { _ = layer.update(.tab, e) }
        XCTAssertEqual(layer.update(.character("+"), e), [.say("The server takes at most 4 choices in a poll.", error: false)])
        XCTAssertEqual(layer.current.poll?.options, ["tea", "coffee", "milk", "juice"])
    }

    /// A letter the options row has no use for is said, not swallowed.
    func testAKeyTheOptionsRowDoesNotTakeIsSaid() {
        var layer = ComposeLayer(draft: Draft(id: "new", text: "x"), context: nil)
        _ = layer.update(.tab, e)
        XCTAssertEqual(layer.focus, .options)
        XCTAssertEqual(layer.update(.character("m"), e),
                       [.say("The options row takes ←/→, space (and + for a poll's choice): tab goes to the next field.", error: false)])
    }
}
