import AsyncHTTPClient
import Foundation
@testable import tern
import TernHTTP
import TernTestSupport
import XCTest

/// A command's HTTP client that doesn't shut down cleanly (here: one shut down twice, Tern's mistake) is
/// logged, from async code and from a task's synchronous set-up alike; a clean shutdown logs nothing.
final class ClientShutdownTests: XCTestCase {
    func testAShutdownThatFailsIsLoggedAndACleanOneIsNot() async throws {
        let log = CollectedLog()
        let http = httpClient()
        await shutDown(http, logger: log.logger())
        XCTAssertEqual(log.lines.map(\.description), [], "a clean shutdown")
        await shutDown(http, logger: log.logger())
        XCTAssertEqual(log.lines(mentioning: "did not shut down cleanly").count, 1, "\(log.lines)")
    }

    func testASynchronousShutdownThatFailsIsLogged() throws {
        let log = CollectedLog()
        let http = httpClient()
        shutDownHere(http, logger: log.logger())
        XCTAssertEqual(log.lines.map(\.description), [], "a clean shutdown")
        shutDownHere(http, logger: log.logger())
        XCTAssertEqual(log.lines(mentioning: "did not shut down cleanly").count, 1, "\(log.lines)")
    }
}
