import XCTest
@testable import TernUI
import TernFeed

/// The runner's part in the layer tests: an engine's snapshot, delivered to the screens of its list as
/// the runner delivers it (`LayerMessage.snapshot`).
extension LayerStack {
    mutating func show(_ snapshot: FeedSnapshot, _ env: LayerEnv) {
        XCTAssertEqual(receive(.snapshot(snapshot), env), [], "a snapshot asks for nothing by itself")
    }
}

extension FeedLayer {
    /// A snapshot of another list is not this layer's: it leaves it as it was.
    mutating func show(_ snapshot: FeedSnapshot, _ env: LayerEnv) {
        XCTAssertEqual(receive(.snapshot(snapshot), env) ?? [], [])
    }
}

extension GridLayer {
    mutating func show(_ snapshot: FeedSnapshot, _ env: LayerEnv) {
        XCTAssertEqual(receive(.snapshot(snapshot), env), [], "a snapshot asks for nothing by itself")
    }
}
