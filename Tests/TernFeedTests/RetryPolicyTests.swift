import Foundation
import TernFeed
import TernMastodon
import XCTest

final class RetryPolicyTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testBackoffDoublesWithBoundedJitterAndACap() {
        var p = RetryPolicy()
        p.attempts = 10
        let e = MastodonError.http(status: 503, message: nil)
        XCTAssertEqual(p.delay(after: e, failures: 1, now: now, jitter: 0), 0.5)
        XCTAssertEqual(p.delay(after: e, failures: 2, now: now, jitter: 0), 1)
        XCTAssertEqual(p.delay(after: e, failures: 3, now: now, jitter: 0), 2)
        XCTAssertEqual(p.delay(after: e, failures: 9, now: now, jitter: 0), 8, "capped")
        XCTAssertEqual(p.delay(after: e, failures: 2, now: now, jitter: 0.999)!, 1.3, accuracy: 0.001)
    }

    func testOnlyTransientFailuresAndOnlyAFewTimes() {
        let p = RetryPolicy()
        XCTAssertNotNil(p.delay(after: MastodonError.timeout, failures: 1, now: now, jitter: 0))
        XCTAssertNotNil(p.delay(after: MastodonError.network("reset"), failures: 3, now: now, jitter: 0))
        XCTAssertNil(p.delay(after: MastodonError.timeout, failures: 4, now: now, jitter: 0), "4 tries in all")
        XCTAssertNil(p.delay(after: MastodonError.http(status: 404, message: nil), failures: 1, now: now, jitter: 0))
        XCTAssertNil(p.delay(after: MastodonError.unauthorized(message: nil), failures: 1, now: now, jitter: 0))
        XCTAssertNil(p.delay(after: MastodonError.invalidResponse("empty body"), failures: 1, now: now, jitter: 0))
    }

    func testTheServersRetryAfterWinsWhenReasonable() {
        let p = RetryPolicy()
        XCTAssertEqual(p.delay(after: MastodonError.rateLimited(retryAfter: now + 12, message: nil), failures: 1, now: now, jitter: 0.9), 12)
        XCTAssertNil(p.delay(after: MastodonError.rateLimited(retryAfter: now + 3600, message: nil), failures: 1, now: now, jitter: 0),
                     "an hour is not waited for silently")
    }
}
