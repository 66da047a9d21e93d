import TernHTTP
import XCTest

final class TokenMaskTests: XCTestCase {
    func testBearerTokensParametersAndJSONFieldsAreMasked() {
        XCTAssertEqual(TokenMask.masked("GET /api authorization: Bearer abc.DEF-123_~+/= done"),
                       "GET /api authorization: [token] done")
        XCTAssertEqual(TokenMask.masked("https://x/api/v1/streaming?access_token=s3cr3t&stream=user"),
                       "https://x/api/v1/streaming?[token]&stream=user")
        XCTAssertEqual(TokenMask.masked(#"body {"access_token" :  "zz top", "scope":"read"}"#),
                       #"body {[token], "scope":"read"}"#)
        XCTAssertEqual(TokenMask.masked("Bearer a Bearer b"), "[token] [token]")
    }

    func testTextWithoutTokensIsUnchanged() {
        for line in ["", "Bearer", "Bearer ", "access_token=", #""access_token": 5"#, #""access_token": "unterminated"#,
                     "naïve café – 日本語 Bearer\u{00A0}x", "a plain line"] {
            XCTAssertEqual(TokenMask.masked(line), line, line)
        }
    }
}
