import Foundation

/// Dates as feeds write them: RFC 822 (with named zones, without a weekday, with two-digit years), ISO
/// 8601 / RFC 3339 (with or without fractions and zones), and the near misses both see in practice. A date
/// without a zone is taken as UTC. One per parse, used on one thread: a pattern's formatter is made the
/// first time a date needs it (most feeds need one or none: 26 made for every feed showed in a refresh's
/// profile), then kept for the feed's other items.
final class FeedDates {
    private var made: [String: DateFormatter] = [:]

    static let rfc822 = ["EEE, d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm Z", "d MMM yyyy HH:mm Z",
                         "EEE, d MMM yy HH:mm:ss Z", "d MMM yy HH:mm:ss Z", "EEE, d MMMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss",
                         "d MMM yyyy HH:mm:ss", "EEE, d MMM yyyy", "d MMM yyyy", "EEE MMM d HH:mm:ss Z yyyy", "yyyy-MM-dd HH:mm:ss Z",
                         "yyyy-MM-dd HH:mm:ss"]
    static let iso = ["yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSXXXXX",
                      "yyyy-MM-dd'T'HH:mm:ss.SXXXXX", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX",
                      "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd", "yyyy-MM", "yyyy"]

    /// Zones written by name, as offsets (RFC 822's own, and the ones feeds use beside them).
    static let zones: [String: String] = [
        "UT": "+0000", "UTC": "+0000", "GMT": "+0000", "Z": "+0000",
        "EST": "-0500", "EDT": "-0400", "CST": "-0600", "CDT": "-0500",
        "MST": "-0700", "MDT": "-0600", "PST": "-0800", "PDT": "-0700",
        "BST": "+0100", "CET": "+0100", "CEST": "+0200", "EET": "+0200", "EEST": "+0300", "JST": "+0900",
        "IST": "+0530", "AEST": "+1000", "AEDT": "+1100", "MSK": "+0300",
    ]

    private static let rfc3339 = Date.ISO8601FormatStyle()
    private static let rfc3339Fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The first of `patterns` that reads `text`.
    private func date(_ text: String, patterns: [String]) -> Date? {
        for pattern in patterns {
            let f = made[pattern] ?? {
                let f = DateFormatter()
                f.locale = Locale(identifier: "en_US_POSIX")
                f.timeZone = TimeZone(secondsFromGMT: 0)
                f.dateFormat = pattern
                f.isLenient = false
                made[pattern] = f
                return f
            }()
            if let d = f.date(from: text) { return d }
        }
        return nil
    }

    func parse(_ raw: String?) -> Date? {
        guard var text = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        text = text.replacingOccurrences(of: "  ", with: " ")
        if text.first?.isNumber == true, text.count >= 4, text.dropFirst(4).first == "-" {
            // ISO 8601: a space for the T, and a trailing "Z" as "+00:00".
            if text.count > 10, text[text.index(text.startIndex, offsetBy: 10)] == " " {
                text.replaceSubrange(text.index(text.startIndex, offsetBy: 10)...text.index(text.startIndex, offsetBy: 10), with: "T")
            }
            // Most are RFC 3339, read by Foundation's own ISO 8601 parser (ICU's formatters cost a fifth of a
            // refresh, trying one pattern after another); the rest (no zone, no seconds, a date alone) below: a
            // form that doesn't fit is no loss, the next is tried.
            if let d = try? Date(text, strategy: Self.rfc3339) { return d }
            if let d = try? Date(text, strategy: Self.rfc3339Fractional) { return d }
            if text.hasSuffix("Z") || text.hasSuffix("z") { text = String(text.dropLast()) + "+00:00" }
            return date(text, patterns: Self.iso)
        }
        // RFC 822: a named zone as its offset; a weekday with a dot or a full name does not matter.
        var words = text.split(separator: " ").map(String.init)
        if let last = words.last {
            if let offset = Self.zones[last.uppercased()] { words[words.count - 1] = offset }
            else if last.count == 1, last.first!.isLetter { words[words.count - 1] = "+0000" }  // military zones: rare, taken as UTC
        }
        if let first = words.first, first.hasSuffix(","), first.count > 4 { words[0] = String(first.prefix(3)) + "," }
        let normal = words.joined(separator: " ")
        return date(normal, patterns: Self.rfc822)
    }
}
