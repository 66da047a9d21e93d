import Foundation
import XCTest

/// What a new user meets before any timeline: `tern` in a fresh home, and `tern feeds add` of an address
/// that is no address or names no server. Each answer says what is wrong and what to type, in words, and
/// ends the command with a failure.
final class FirstStepsEndToEndTests: XCTestCase {
    private func run(_ home: TernHome, _ arguments: [String]) throws -> (status: Int32, out: String) {
        try home.run(try TmuxSession.ternBinary(), arguments, extra: ["LANG": "C.UTF-8", "TERM": "xterm-256color"], errors: true)
    }

    /// With no account and no feed, `tern` names both ways to start (an account, a web feed) and the demo.
    func testAFreshHomeNamesBothWaysToStartAndTheDemo() throws {
        let home = TernHome()
        defer { home.remove() }
        let fresh = try run(home, [])
        XCTAssertNotEqual(fresh.status, 0, fresh.out)
        for command in ["tern login ", "tern feeds add ", "tern demo"] {
            XCTAssertTrue(fresh.out.contains(command), "\(command) is not named:\n\(fresh.out)")
        }
    }

    /// `tern feeds add` of a word, of an address without its scheme, of another scheme: what is wrong, in
    /// one sentence, not the usage text; nothing followed.
    func testAnAddressThatIsNoWebAddressIsSaidSo() throws {
        let home = TernHome()
        defer { home.remove() }
        let cases = [("not-a-url", "not-a-url is not a web address (try https://…)"),
                     ("example.org/feed.xml", "example.org/feed.xml is not a web address (try https://example.org/feed.xml)"),
                     ("ftp://example.org/feed.xml", "ftp://example.org/feed.xml is not a web address: Tern reads feeds over http:// and https://")]
        for (address, said) in cases {
            let added = try run(home, ["feeds", "add", address])
            XCTAssertNotEqual(added.status, 0, added.out)
            XCTAssertTrue(added.out.contains(said), "\(address):\n\(added.out)")
            XCTAssertFalse(added.out.contains("USAGE") || added.out.contains("SUBCOMMANDS"), "no usage text:\n\(added.out)")
        }
        XCTAssertTrue(try run(home, ["feeds", "list"]).out.contains("No feeds yet"))
    }

    /// A name that can't be looked up (`.invalid` never resolves): the host and "no such host (DNS)", not
    /// NIO's error, and not followed.
    func testAHostThatDoesNotExistIsSaidSoInWords() throws {
        let home = TernHome()
        defer { home.remove() }
        let added = try run(home, ["feeds", "add", "https://example.invalid/feed.xml"])
        XCTAssertNotEqual(added.status, 0, added.out)
        XCTAssertTrue(added.out.contains("example.invalid: no such host (DNS)") || added.out.contains("example.invalid: its name could not be looked up now"),
                      added.out)
        XCTAssertFalse(added.out.contains("NIOConnectionError") || added.out.contains("SocketAddressError") || added.out.contains("DNS error:"),
                       "NIO's own words:\n\(added.out)")
        XCTAssertTrue(added.out.contains("Not added"), added.out)
    }
}
