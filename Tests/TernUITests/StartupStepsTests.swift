import Foundation
@testable import TernUI
import XCTest

/// Start-up's order around the first frame, and the clock's redraws, on the values alone.
final class StartupStepsTests: XCTestCase {
    private let t0 = Date(timeIntervalSince1970: 1_000_000)

    func testTheFirstFrameWaitsBrieflyForTheCachedPosts() {
        let steps = StartupSteps(started: t0, probe: nil)
        XCTAssertTrue(steps.opening(t0.addingTimeInterval(0.05), listRead: false))
        XCTAssertFalse(steps.opening(t0.addingTimeInterval(0.05), listRead: true), "the posts are read: drawn at once")
        XCTAssertFalse(steps.opening(t0.addingTimeInterval(StartupSteps.openingWait + 0.01), listRead: false), "no posts yet: drawn anyway")
    }

    func testTheTerminalIsAskedOnceAfterThePostsAndNeverOverTypedKeys() {
        let asked = Graphics(mode: .sixel)
        var steps = StartupSteps(started: t0, probe: { asked })
        let early = t0.addingTimeInterval(0.1)
        XCTAssertNil(steps.probeDue(early, showsList: true, keysWaiting: false), "asked before the posts were drawn")
        var announced = 0
        steps.onFirstPostsFrame = { announced += 1 }
        steps.drew(withPosts: false)
        XCTAssertEqual(announced, 0)
        steps.drew(withPosts: true)
        steps.drew(withPosts: true)
        XCTAssertEqual(announced, 1, "the first frame with posts is announced once")
        XCTAssertNil(steps.probeDue(early, showsList: true, keysWaiting: true), "asked while keys wait")
        XCTAssertNil(steps.probeDue(early, showsList: false, keysWaiting: false), "asked over the compose screen")
        XCTAssertEqual(steps.probeDue(early, showsList: true, keysWaiting: false)?().mode, .sixel)
        XCTAssertNil(steps.probeDue(early, showsList: true, keysWaiting: false), "asked twice")
    }

    func testWithoutPostsTheTerminalIsAskedAfterHalfASecond() {
        var steps = StartupSteps(started: t0, probe: { Graphics(mode: .symbols) })
        XCTAssertNil(steps.probeDue(t0.addingTimeInterval(0.4), showsList: true, keysWaiting: false))
        XCTAssertNotNil(steps.probeDue(t0.addingTimeInterval(StartupSteps.probeWait + 0.01), showsList: true, keysWaiting: false))
    }

    func testASpinnerTurnsAndAgesMoveOn() {
        var cadence = FrameCadence(now: t0)
        XCTAssertEqual(cadence.due(t0.addingTimeInterval(0.05), spinning: true).redraw, false)
        XCTAssertEqual(cadence.due(t0.addingTimeInterval(0.11), spinning: true).redraw, true)
        XCTAssertEqual(cadence.due(t0.addingTimeInterval(0.5), spinning: false).redraw, false, "no spinner: a still screen stays")
        let later = cadence.due(t0.addingTimeInterval(FrameCadence.relayoutEvery), spinning: false)
        XCTAssertTrue(later.relayout && later.redraw, "ages did not move on")
        XCTAssertFalse(cadence.due(t0.addingTimeInterval(FrameCadence.relayoutEvery + 1), spinning: false).relayout)
    }
}
