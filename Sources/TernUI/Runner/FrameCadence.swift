import Foundation

/// When a still screen is drawn again by the clock alone: relative ages ("5m") move on, and a list's
/// spinner turns while the server is asked.
struct FrameCadence {
    private var lastRelayout: Date
    private var lastSpin: Date
    static let relayoutEvery: TimeInterval = 30
    static let spinEvery: TimeInterval = 0.1

    init(now: Date) { (lastRelayout, lastSpin) = (now, now) }

    /// What is due at `now`: the rows laid out anew (their ages), and a frame drawn (the spinner's line alone
    /// is laid out anew at each draw).
    mutating func due(_ now: Date, spinning: Bool) -> (relayout: Bool, redraw: Bool) {
        var redraw = false
        if spinning, now.timeIntervalSince(lastSpin) >= Self.spinEvery {
            lastSpin = now
            redraw = true
        }
        guard now.timeIntervalSince(lastRelayout) >= Self.relayoutEvery else { return (false, redraw) }
        lastRelayout = now
        return (true, true)
    }
}
