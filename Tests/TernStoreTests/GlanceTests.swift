import Foundation
@testable import TernStore
import TernModel
import XCTest

/// The first screenful read through one read-only connection at start-up.
final class GlanceTests: XCTestCase {
    let home = TimelineKey(account: "me", timeline: "home")

    func testTheSavedPlaceAndThePostsAroundItAsTheStoreReadsThem() throws {
        let folder = TemporaryFolder()
        var expected: StoredRun
        do {
            let store = try Store(url: folder.store)
            try store.timeline(home).insert((1...200).reversed().map { makePost($0) }, at: .bottom)
            try store.timeline(home).savePosition(anchorID: "120", offset: 3)
            expected = try store.timeline(home).run(around: "120", before: Glance.before, after: Glance.after)
        }
        // The store is closed: no lock, and SQLite has folded its log back into the file.
        let glance = try XCTUnwrap(try Glance.read(store: folder.store, key: home))
        XCTAssertEqual(glance.state.anchorID, "120")
        XCTAssertEqual(glance.state.anchorOffset, 3)
        XCTAssertEqual(glance.run.entries.compactMap(\.post?.id), expected.entries.compactMap(\.post?.id))
        XCTAssertEqual(glance.run.entries.compactMap(\.post?.id).first, "124", "four above the saved post, newest first")
        XCTAssertEqual(glance.run.entries.count, Glance.before + Glance.after)
        XCTAssertTrue(glance.run.hasNewer)
        XCTAssertTrue(glance.run.hasOlder)
        XCTAssertEqual(glance.run.entries.compactMap(\.post).first?.content, makePost(124).content)
    }

    func testReadsBesideAnOpenStoreWithoutItsLock() throws {
        let folder = TemporaryFolder()
        let store = try Store(url: folder.store)
        try store.timeline(home).insert((1...30).reversed().map { makePost($0) }, at: .bottom)
        // No saved place: the newest posts.
        let glance = try XCTUnwrap(try Glance.read(store: folder.store, key: home))
        XCTAssertNil(glance.state.anchorID)
        XCTAssertEqual(glance.run.entries.compactMap(\.post?.id), (19...30).reversed().map(String.init))
        XCTAssertEqual(try Glance.read(store: folder.store, key: TimelineKey(account: "someone else", timeline: "home"))?.run.entries.count, 0)
        // The store still writes afterwards.
        try store.timeline(home).insert([makePost(31)], at: .top)
    }

    func testNoStoreIsNoGlanceAndStaysNoStore() throws {
        let folder = TemporaryFolder()
        XCTAssertNil(try Glance.read(store: folder.store, key: home))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.store.path))
    }
}
