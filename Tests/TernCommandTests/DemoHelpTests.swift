@testable import tern
import TernDemo
import XCTest

/// `tern demo --help` names every server `--imitate` takes (akkoma was missing), and says that the demo
/// forgets everything between runs.
final class DemoHelpTests: XCTestCase {
    func testTheHelpNamesEveryImitatedServerAndThatEachRunStartsAfresh() {
        let help = Demo.helpMessage(columns: 400)
        for set in ServerQuirks.sets {
            XCTAssertTrue(help.contains(set.name), "\(set.name) is missing from --imitate's help:\n\(help)")
        }
        XCTAssertTrue(help.contains("fresh, temporary home"), help)
    }
}
