import Foundation
@testable import TernUI
import XCTest

final class DetachedProgramTests: XCTestCase {
    /// A program given text that ends without reading it (a clipboard command that is not one): the write
    /// fails quietly. A pipe would have sent SIGPIPE, ending the process, this test with it.
    func testAProgramThatReadsNothingOfALongInputHarmsNothing() {
        let ended = expectation(description: "the program ended and the write gave up")
        XCTAssertTrue(DetachedProgram.start("true", [], input: String(repeating: "x", count: 4 << 20)) { ended.fulfill() })
        wait(for: [ended], timeout: 20)
    }

    func testTheInputReachesTheProgram() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tern-detached-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let ended = expectation(description: "tee ended")
        XCTAssertTrue(DetachedProgram.start("tee", [file.path], input: "a link ; $(not run)") { ended.fulfill() })
        wait(for: [ended], timeout: 20)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "a link ; $(not run)")
        XCTAssertFalse(DetachedProgram.start("tern-no-such-program", [], input: "x"))
    }
}
