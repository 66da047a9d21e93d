import Foundation

/// Short relative ages as feed readers show them: "now", "42s", "5m", "3h", "2d", then a date.
package enum RelativeTime {
    package static func short(from date: Date, now: Date) -> String {
        // Compared as a Double first: a server's absurd date must not trap a conversion to Int.
        let seconds = now.timeIntervalSince(date)
        if seconds < 5 { return "now" }
        if seconds < 60 { return "\(Int(seconds))s" }
        if seconds < 3600 { return "\(Int(seconds) / 60)m" }
        if seconds < 86_400 { return "\(Int(seconds) / 3600)h" }
        if seconds < 7 * 86_400 { return "\(Int(seconds) / 86_400)d" }
        return UTCText.day(date)
    }
}
