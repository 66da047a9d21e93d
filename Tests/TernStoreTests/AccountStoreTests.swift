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
        XCTAssertNil(try store.defaultName)
        try store.save(account("ann@example.social"))
        try store.save(account("bob@other.example"))
        XCTAssertEqual(try store.defaultName, "ann@example.social")
        XCTAssertEqual(store.list().map(\.name), ["ann@example.social", "bob@other.example"])
        try store.remove("ann@example.social")
        XCTAssertEqual(try store.defaultName, "bob@other.example")
        XCTAssertThrowsError(try store.load("ann@example.social"))
    }

    func testNamesCannotLeaveTheFolder() throws {
        let store = makeStore()
        try store.save(account("../../evil@x"))
        let outside = store.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("evil@x.json")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.path))
        XCTAssertEqual(try store.load("../../evil@x").token, "secret-../../evil@x")
    }

    /// An account file that is there but can't be read is not "no account": the error names the file and
    /// why, and the file is left as it is.
    func testAnUnreadableAccountFileIsNamedNotTakenForNoAccount() throws {
        let store = makeStore()
        try store.save(account("ann@example.social"))
        // A folder where the file should be: unreadable as a file, whoever runs the test (root reads any mode).
        let file = store.directory.appendingPathComponent("cy@example.social.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        XCTAssertThrowsError(try store.load("cy@example.social")) { error in
            let said = "\(error)"
            XCTAssertFalse(said.contains("no account"), said)
            XCTAssertTrue(said.contains(file.path) && said.contains("can't be read"), said)
        }
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue, "left as it is")
        XCTAssertThrowsError(try store.load("dee@example.social")) { XCTAssertTrue("\($0)".contains("no account 'dee@example.social'"), "\($0)") }
    }

    /// The file naming the default account, unreadable: said (not "no default"), and not replaced when
    /// another account is saved.
    func testAnUnreadableDefaultFileIsSaidAndNotOverwritten() throws {
        let store = makeStore()
        try store.save(account("ann@example.social"))
        let defaultFile = store.directory.appendingPathComponent("default")
        try FileManager.default.removeItem(at: defaultFile)
        try FileManager.default.createDirectory(at: defaultFile, withIntermediateDirectories: false)
        XCTAssertThrowsError(try store.defaultName) { XCTAssertTrue("\($0)".contains(defaultFile.path), "\($0)") }
        XCTAssertTrue(store.problems().contains { $0.contains(defaultFile.path) && $0.contains("can't be read") }, "\(store.problems())")
        try store.save(account("bob@other.example"))
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: defaultFile.path, isDirectory: &isFolder) && isFolder.boolValue,
                      "the default file is left as it is, not replaced by the account saved next")
    }
}
