@testable import TernUI
import XCTest

/// A list's place across sizes: back at the size before, with no key between, the view is as it was there,
/// but a resize never moves the selection. The model-based run found one that did (seed 323162: a
/// profile's selection went from its header to a post): the view kept at the first size was put back
/// after the selection had moved without a key.
final class ViewAcrossSizesTests: XCTestCase {
    func testBackAtTheSizeBeforeTheViewIsAsItWas() {
        var sizes = ViewAcrossSizes()
        var viewport = Viewport(anchorID: "a", anchorOffset: 2, selectedID: "b")
        XCTAssertFalse(sizes.settle([40, 120], &viewport))
        XCTAssertTrue(sizes.settle([24, 80], &viewport), "a new size brings the selection into view")
        viewport.anchorID = "b"
        viewport.anchorOffset = 0
        XCTAssertFalse(sizes.settle([40, 120], &viewport))
        XCTAssertEqual(viewport, Viewport(anchorID: "a", anchorOffset: 2, selectedID: "b"))
    }

    func testAResizeNeverMovesTheSelection() {
        var sizes = ViewAcrossSizes()
        var viewport = Viewport(anchorID: "a", anchorOffset: 0, selectedID: "post")
        _ = sizes.settle([40, 120], &viewport)
        _ = sizes.settle([24, 80], &viewport)
        // No key, and the selection moved (what the list shows changed).
        viewport = Viewport(anchorID: "profile:1", anchorOffset: 0, selectedID: "profile:1")
        _ = sizes.settle([40, 120], &viewport)
        XCTAssertEqual(viewport.selectedID, "profile:1", "the resize put back a selection from before")
    }
}
