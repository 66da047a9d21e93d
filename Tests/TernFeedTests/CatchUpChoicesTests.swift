import Foundation
@testable import TernFeed
import TernStore
import XCTest

/// Catch-up's choices as the store keeps them for the next run: each window, order and kind comes back as it
/// went in, and a line this Tern can't read opens Catch-up as at first rather than half read.
final class CatchUpChoicesTests: XCTestCase {
    func testEveryChoiceComesBackAsItWentIn() {
        let windows: [CatchUpWindow?] = [nil] + CatchUpWindow.all
        for window in windows {
            for order in CatchUpOrders.all.map(\.name) {
                for kinds in [[], Set(CatchUpKind.allCases), [CatchUpKind.replies, .hashtags]] as [Set<CatchUpKind>] {
                    for grouped in [false, true] {
                        let choices = CatchUpChoices(window: window, order: order, kinds: kinds, grouped: grouped)
                        XCTAssertEqual(CatchUpChoices(text: choices.text), choices, choices.text)
                    }
                }
            }
        }
        XCTAssertEqual(CatchUpChoices(window: .lastHours(4), order: "stand-outs", kinds: [.pictures, .originals], grouped: false).text,
                       "order=stand-outs;kinds=originals,pictures;grouped=0;window=4h")
    }

    func testALineThisTernCannotReadIsNoChoice() {
        for line in ["", "order=loudest;kinds=;grouped=0", "order=newest;kinds=memes;grouped=0", "order=newest;kinds=;grouped=2",
                     "order=newest;kinds=;grouped=0;window=3h", "order=newest;kinds=;grouped=0;window=yesterday", "order=newest;grouped=0",
                     "order=newest;kinds=;grouped"] {
            XCTAssertNil(CatchUpChoices(text: line), line)
        }
    }

    /// The store keeps one line per account and name, the latest.
    func testTheStoreKeepsEachAccountsLatestLine() async throws {
        let temp = TemporaryStore()
        defer { temp.remove() }
        let store = try temp.open()
        let (ann, bo) = (store.account("ann"), store.account("bo"))
        let none = try await ann.choice(CatchUpChoices.storeName)
        XCTAssertNil(none)
        try await ann.saveChoice(CatchUpChoices.storeName, value: "order=newest;kinds=;grouped=0")
        try await ann.saveChoice(CatchUpChoices.storeName, value: "order=liked;kinds=;grouped=1")
        try await bo.saveChoice(CatchUpChoices.storeName, value: "order=boosted;kinds=;grouped=0")
        let (anns, bos) = (try await ann.choice(CatchUpChoices.storeName), try await bo.choice(CatchUpChoices.storeName))
        XCTAssertEqual(anns, "order=liked;kinds=;grouped=1")
        XCTAssertEqual(bos, "order=boosted;kinds=;grouped=0")
    }
}
