import AsyncHTTPClient
import TernHTTP
import XCTest

extension XCTestCase {
    /// An HTTP client that is shut down when the test ends, however it ends. A client dropped while still up
    /// (a `try` that threw before the test's own `shutdown()`) stops the whole test process, as the client
    /// asserts in its deinit in a debug build: one test that timed out on a loaded machine took every test
    /// after it down with it.
    package func httpClient() -> HTTPClient {
        let http = HTTPFetch.makeClient()
        addTeardownBlock {
            do { try http.syncShutdown() } catch let error as HTTPClientError where error == .alreadyShutdown {} catch {
                XCTFail("the test's HTTP client did not shut down: \(error)")
            }
        }
        return http
    }
}
