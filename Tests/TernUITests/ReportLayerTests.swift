import Foundation
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// A report's steps: why (the rules' category only once the server has listed rules), which rules, a
/// comment; Tab sends a copy to another server's account's home; Escape leaves at any step, sending nothing.
final class ReportLayerTests: XCTestCase {
    private let env = LayerEnv(rows: 24, columns: 80, now: Date(timeIntervalSince1970: 1_800_000_000),
                               renderer: FrameRenderer(theme: .builtIn))
    private let rules = [ServerRule(id: "r1", text: "Be kind"), ServerRule(id: "r2", text: "No spam"), ServerRule(id: "r3", text: "Tag it")]

    private func type(_ text: String, into layer: inout ReportLayer) {
        for c in text { XCTAssertEqual(layer.update(.character(c), env), []) }
    }

    func testSpamWithACommentIsSentWithItsPost() {
        var layer = ReportLayer(Report(accountID: "7", acct: "bo", statusIDs: ["s1"]))
        XCTAssertEqual(layer.load, .loadRules)
        XCTAssertEqual(layer.update(.character("1"), env), [])
        XCTAssertEqual(layer.step, .comment)
        type("ads", into: &layer)
        XCTAssertEqual(layer.update(.tab, env), [], "Tab does nothing for an account of this server")
        var sent = Report(accountID: "7", acct: "bo", statusIDs: ["s1"])
        sent.category = .spam
        sent.comment = "ads"
        XCTAssertEqual(layer.update(.enter, env), [.pop, .report(sent)])
    }

    func testTheRulesCategoryWaitsForTheRulesThenTheTickedOnesAreSent() {
        var layer = ReportLayer(Report(accountID: "7", acct: "bo@elsewhere.example", statusIDs: []))
        XCTAssertEqual(layer.update(.character("3"), env), [.say("Still reading the server's rules…", error: false)])
        XCTAssertEqual(layer.step, .category)
        XCTAssertEqual(layer.receive(.rules(rules, failure: nil), env), [])
        XCTAssertEqual(layer.update(.character("3"), env), [])
        XCTAssertEqual(layer.step, .rules)
        _ = layer.update(.character(" "), env)
        _ = layer.update(.character("3"), env)
        _ = layer.update(.enter, env)
        XCTAssertEqual(layer.step, .comment)
        _ = layer.update(.tab, env)
        var sent = Report(accountID: "7", acct: "bo@elsewhere.example", statusIDs: [])
        sent.category = .violation
        sent.ruleIDs = ["r1", "r3"]
        sent.forward = true
        XCTAssertEqual(layer.update(.enter, env), [.pop, .report(sent)])
    }

    func testAServerWithoutRulesOffersNoRulesCategory() {
        var layer = ReportLayer(Report(accountID: "7", acct: "bo", statusIDs: []))
        _ = layer.receive(.rules([], failure: nil), env)
        XCTAssertEqual(layer.categories.map(\.0), [.spam, .legal, .other])
        XCTAssertEqual(layer.update(.character("3"), env), [])
        XCTAssertEqual(layer.report.category, .other)
    }

    func testEscapeLeavesAtEveryStepSendingNothing() {
        var first = ReportLayer(Report(accountID: "7", acct: "bo", statusIDs: []))
        XCTAssertEqual(first.update(.escape, env), [.pop])
        var later = ReportLayer(Report(accountID: "7", acct: "bo", statusIDs: []))
        _ = later.receive(.rules(rules, failure: nil), env)
        _ = later.update(.character("3"), env)
        XCTAssertEqual(later.update(.escape, env), [.pop])
        var commenting = ReportLayer(Report(accountID: "7", acct: "bo", statusIDs: []))
        _ = commenting.update(.character("1"), env)
        type("x", into: &commenting)
        XCTAssertEqual(commenting.update(.escape, env), [.pop])
    }
}
