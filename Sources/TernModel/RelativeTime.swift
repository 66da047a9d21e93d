import Foundation

/// Short relative ages as feed readers show them: "now", "5m", "3h", "2d", then a date. Not seconds: a still
/// screen's rows are laid out anew every 30 s, so "29s" on one screen stood beside "now" on another for the
/// same post (a new user's find), and said an age half a minute out.
package enum RelativeTime {
    package static func short(from date: Date, now: Date) -> String {
        // Compared as a Double first: a server's absurd date must not trap a conversion to Int.
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "now" }
        if seconds < 3600 { return "\(Int(seconds) / 60)m" }
        if seconds < 86_400 { return "\(Int(seconds) / 3600)h" }
        if seconds < 7 * 86_400 { return "\(Int(seconds) / 86_400)d" }
        return UTCText.day(date)
    }
}
