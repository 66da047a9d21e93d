import Foundation
import TernStore
import XCTest

final class AccountStoreTests: XCTestCase {
    func makeStore() -> AccountStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tern-accounts-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return AccountStore(directory: dir.appendingPathComponent("accounts"))
    }

    func account(_ name: String) -> StoredAccount {
        StoredAccount(name: name, server: URL(string: "https://example.social")!, token: "secret-\(name)", accountID: "1")
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testTokensAreOnlyReadableByTheUser() throws {
        let store = makeStore()
        try store.save(account("ann@example.social"))
        XCTAssertEqual(try mode(store.directory.path), 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(try mode(store.directory.appendingPathComponent(files[0]).path), 0o600)
        XCTAssertEqual(try store.load("ann@example.social"), account("ann@example.social"))
    }

    func testTheFirstAccountIsTheDefaultAndRemovalMovesIt() throws {
        let store = makeStore()
        XCTAssertNil(store.defaultName)
        try store.save(account("ann@example.social"))
        try store.save(account("bob@other.example"))
        XCTAssertEqual(store.defaultName, "ann@example.social")
        XCTAssertEqual(store.list().map(\.name), ["ann@example.social", "bob@other.example"])
        try store.remove("ann@example.social")
        XCTAssertEqual(store.defaultName, "bob@other.example")
        XCTAssertThrowsError(try store.load("ann@example.social"))
    }

    func testNamesCannotLeaveTheFolder() throws {
        let store = makeStore()
        try store.save(account("../../evil@x"))
        let outside = store.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("evil@x.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.path))
        XCTAssertEqual(try store.load("../../evil@x").token, "secret-../../evil@x")
    }
}
