import Foundation

/// Moments written in UTC through the C library. Foundation's `Calendar`, `TimeZone` and `String(format:)`
/// set up ICU calendars and locales on first use: the first frame would pay for them on every post older
/// than a week, and the log for its first line.
package enum UTCText {
    /// `2026-11-22`
    package static func day(_ date: Date) -> String { format(date, "%Y-%m-%d") }

    /// `2026-11-22T09:07:33Z` (ISO 8601)
    package static func instant(_ date: Date) -> String { format(date, "%Y-%m-%dT%H:%M:%SZ") }

    /// "?" for a moment outside years 1 to 9999 (a server's absurd date), which `time_t` would trap on.
    private static func format(_ date: Date, _ pattern: String) -> String {
        let since1970 = date.timeIntervalSince1970
        guard since1970.isFinite, abs(since1970) < 253_402_300_800 else { return "?" }
        var seconds = time_t(since1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "?" }
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
