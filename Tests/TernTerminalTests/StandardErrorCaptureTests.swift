import Foundation
import Synchronization
import TernTerminal
import XCTest

/// Standard error while curses owns the terminal: what is written there arrives as lines, and giving it
/// back leaves descriptor 2 as it was.
final class StandardErrorCaptureTests: XCTestCase {
    func testLinesWrittenToStandardErrorArriveAndReleasingRestoresIt() throws {
        var before = stat()
        XCTAssertEqual(fstat(2, &before), 0)
        let lines = Mutex<[String]>([])
        let arrived = expectation(description: "both lines")
        arrived.expectedFulfillmentCount = 2
        let capture = StandardErrorCapture { line in
            lines.withLock { $0.append(line) }
            arrived.fulfill()
        }
        capture.take()
        var during = stat()
        XCTAssertEqual(fstat(2, &during), 0)
        XCTAssertNotEqual(during.st_ino, before.st_ino, "descriptor 2 still the terminal's")
        let text = "(process:1): GLib-CRITICAL **: a warning\nsecond line, no end"
        _ = text.withCString { write(2, $0, strlen($0)) }
        // The unterminated line arrives when the pipe closes, at release.
        capture.release()
        wait(for: [arrived], timeout: 10)
        XCTAssertEqual(lines.withLock { $0 }, ["(process:1): GLib-CRITICAL **: a warning", "second line, no end"])
        var after = stat()
        XCTAssertEqual(fstat(2, &after), 0)
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_dev, before.st_dev)
    }
}
