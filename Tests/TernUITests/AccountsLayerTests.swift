import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// `A` and `N` as the layers see them: the accounts menu, inbox rows that name their account, and the
/// inbox moving from one account's screens to another's.
final class AccountsLayerTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func env(accounts: [String], active: String) -> LayerEnv {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.accounts = accounts
        e.activeAccount = active
        return e
    }

    func testAListsTheAccountsNumberedAndAChoiceSwitches() {
        let e = env(accounts: ["ada@one.example", "bo@two.example"], active: "ada@one.example")
        var stack = LayerStack(root: .home)
        _ = stack.apply(stack.key(.character("A"), e))
        let menu = try? XCTUnwrap(stack.top as? ChoiceLayer)
        XCTAssertEqual(menu?.items.map(\.label), ["ada@one.example · shown", "bo@two.example"])
        XCTAssertEqual(stack.apply(stack.key(.character("2"), e)), [.switchAccount("bo@two.example")])
        XCTAssertTrue(stack.top is FeedLayer, "the menu closed")
    }

    func testWithOneAccountASaysHowToAddAnother() {
        let e = env(accounts: ["ada@one.example"], active: "ada@one.example")
        var stack = LayerStack(root: .home)
        let effects = stack.apply(stack.key(.character("A"), e))
        guard case .say(let text, false)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertTrue(text.contains("tern login"), text)
        XCTAssertTrue(stack.top is FeedLayer)
    }

    func testInboxRowsKeepTheirAccountAndDoNotCollide() {
        let group = NotificationGroup(id: "7", kind: .mention, accounts: [Account(id: "1", acct: "cy", displayName: "Cy")], count: 1,
                                      newestID: "7", oldestID: "7", latestAt: now, post: nil)
        let a = FeedRow.inboxed(group, account: "ada@one.example"), b = FeedRow.inboxed(group, account: "bo@two.example")
        XCTAssertNotEqual(a.id, b.id, "the same group id on two servers")
        XCTAssertEqual(FeedRow.inboxAccount(ofRow: a.id), "ada@one.example")
        XCTAssertEqual(FeedRow.inboxAccount(ofRow: b.id), "bo@two.example")
        XCTAssertNil(FeedRow.inboxAccount(ofRow: FeedRow.notification(group).id))
        // Drawn with the account's name on its first line.
        let e = env(accounts: [], active: "")
        let layout = e.renderer.layout(a, width: 100, revealed: false, now: now)
        XCTAssertTrue(layout.lines.first?.map(\.text.string).joined().contains("→ ada@one.example") == true)
    }

    func testTheInboxAndWhatIsOverItMoveToAnotherStack() {
        var first = LayerStack(root: .home), second = LayerStack(root: .home)
        _ = first.apply([.push(.feed(.inbox)), .push(.help)])
        let moved = first.detach(from: first.screenIndex)
        XCTAssertEqual(first.layers.count, 1, "the first account is back at its timeline")
        second.attach(moved)
        XCTAssertEqual((second.layers[second.screenIndex] as? FeedLayer)?.feed, .inbox)
        XCTAssertTrue(second.top is HelpLayer)
        XCTAssertEqual(first.detach(from: 0).count, 0, "the bottom layer never leaves")
    }
}
