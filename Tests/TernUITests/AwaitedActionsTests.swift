import Foundation
import TernDemo
@testable import TernFeed
import TernMastodon
import TernModel
@testable import TernUI
import XCTest

/// A press on a person or on one's own post ends, on the status line, with what was done: "Mute @ada…" at
/// the press was the last word, whether it was made or not (a new user's find).
final class AwaitedActionsTests: XCTestCase {
    func testAMuteAndADeletionAreSaidDoneOnceTheServerHasThem() async throws {
        let rig = try await AccountEffectsRig(DemoConfig())
        rig.session.startWriting()
        do {
            let home = try await rig.client.timeline(.home, limit: 20)
            let someone = try XCTUnwrap(home.posts.first { $0.boostedBy == nil }?.account)
            _ = rig.session.carry(.account(.mute, someone, wanted: true, current: false, muteSeconds: nil))
            let muted = try await said(rig, "Muted @\(someone.acct).")
            XCTAssertTrue(muted, "the mute was never said done; the mail had \(rig.heard)")

            let mine = try await rig.client.publish(Draft(id: "setup", text: "to delete"), mediaIDs: [], idempotencyKey: UUID().uuidString)
            _ = rig.session.carry(.deletePost(mine))
            let deleted = try await said(rig, "Deleted.")
            XCTAssertTrue(deleted, "the deletion was never said done; the mail had \(rig.heard)")
        } catch {
            try await rig.close()
            throw error
        }
        try await rig.close()
    }

    /// News of a relationship the user did not ask for here (a look, another client's change) says nothing.
    func testOnlyWhatWasAskedIsSaidAndOnlyWhenItIsSo() {
        var awaited = AwaitedActions()
        let ada = Account(id: "7", acct: "ada", displayName: "Ada")
        XCTAssertNil(awaited.heard(.relationship(accountID: "7", Relationship(muting: true))), "not asked")
        awaited.awaitAccount(.follow, ada, wanted: true)
        XCTAssertNil(awaited.heard(.relationship(accountID: "7", Relationship())), "not so yet")
        XCTAssertEqual(awaited.heard(.relationship(accountID: "7", Relationship(requested: true))), "Asked to follow @ada: they decide.")
        XCTAssertNil(awaited.heard(.relationship(accountID: "7", Relationship(following: true))), "said once")
        awaited.awaitAccount(.block, ada, wanted: false)
        XCTAssertEqual(awaited.heard(.relationship(accountID: "7", Relationship(blocking: false))), "Unblocked @ada.")
        XCTAssertNil(awaited.heard(.deleted(statusID: "9")), "not a deletion asked here")
    }

    /// Hands the session the action queue's news from the mail as the runner does, until it says `text`.
    private func said(_ rig: AccountEffectsRig, _ text: String) async throws -> Bool {
        try await rig.mail { event in
            guard case .actionNews(let news) = event else { return false }
            return rig.session.heard(news).contains(.say(text, error: false))
        }
    }
}
