import Foundation
import TernFuzzTargets
import XCTest

/// Every input in Tests/FuzzCorpus/ (seeds, and whatever once crashed a fuzzer) through its target again:
/// each must come back, whatever it holds.
final class FuzzCorpusReplayTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    func testEveryKeptInputReturns() throws {
        for target in FuzzTarget.allCases {
            let folder = Self.corpus.appendingPathComponent(target.rawValue)
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            XCTAssertFalse(files.isEmpty, "no inputs kept for \(target.rawValue)")
            for file in files {
                target.run(try [UInt8](Data(contentsOf: file)))
            }
        }
    }
}
