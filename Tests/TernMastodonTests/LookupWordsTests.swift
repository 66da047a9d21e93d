import Foundation
import TernHTTP
import XCTest

/// A server's name that can't be looked up is said in words, each of `getaddrinfo`'s answers as what it
/// means to the user: no such host, no answer now (offline), or the resolver's own reason.
final class LookupWordsTests: XCTestCase {
    func testEachLookupFailureIsSaidInWords() {
        XCTAssertEqual(HTTPFetch.lookupWords(host: "example.invalid", code: EAI_NONAME, reason: "Name or service not known"),
                       "example.invalid: no such host (DNS)")
        XCTAssertEqual(HTTPFetch.lookupWords(host: "example.invalid", code: -5, reason: "No address associated with hostname"),
                       "example.invalid: no such host (DNS)")
        XCTAssertEqual(HTTPFetch.lookupWords(host: "feeds.example", code: EAI_AGAIN, reason: "Temporary failure in name resolution"),
                       "feeds.example: its name could not be looked up now (DNS: no answer; is this machine online?)")
        XCTAssertEqual(HTTPFetch.lookupWords(host: "feeds.example", code: EAI_FAIL, reason: "Non-recoverable failure in name resolution"),
                       "feeds.example: its name could not be looked up (DNS: Non-recoverable failure in name resolution)")
    }
}
