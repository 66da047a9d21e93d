import Foundation
@testable import tern
import XCTest

/// `tern doctor` quotes the log's last problems; a log it can't read is said as such, never taken for a log
/// with no problems in it.
final class DoctorLogTests: XCTestCase {
    func testALogThatCannotBeReadIsSaidAsSuch() throws {
        // Where the log should be, something that can't be read as one (root reads any file).
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tern-doctor-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: log) }
        let said = DoctorFacts.lastProblems(in: log)
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said.first?.hasPrefix("(the log can't be read") == true, "\(said)")
    }

    func testTheLastProblemsOfAReadableLogAreQuoted() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tern-doctor-log-\(UUID().uuidString).log")
        try Data("a info tern: started\nb warning tern.store: one\nc error tern.ui: two\n".utf8).write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        XCTAssertEqual(DoctorFacts.lastProblems(in: log), ["b warning tern.store: one", "c error tern.ui: two"])
    }
}
