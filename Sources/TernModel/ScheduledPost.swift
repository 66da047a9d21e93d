import Foundation

/// A post the server holds to publish later (`/api/v1/scheduled_statuses`).
package struct ScheduledPost: Sendable, Hashable {
    package var id: String
    package var scheduledAt: Date
    package var text: String

    package init(id: String, scheduledAt: Date, text: String) {
        self.id = id
        self.scheduledAt = scheduledAt
        self.text = text
    }
}

/// A time to publish at, as typed: `+30m`, `+2h`, `+1d`, `HH:MM` (today, or tomorrow once past), or
/// `YYYY-MM-DD HH:MM`, in the local time zone. Nil for anything else.
package enum ScheduleTime {
    package static func parse(_ typed: String, now: Date, calendar: Calendar = .current) -> Date? {
        let t = typed.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasPrefix("+"), let unit = t.last, let n = Int(t.dropFirst().dropLast()), n > 0 {
            switch unit {
            case "m": return now.addingTimeInterval(Double(n) * 60)
            case "h": return now.addingTimeInterval(Double(n) * 3_600)
            case "d": return now.addingTimeInterval(Double(n) * 86_400)
            default: return nil
            }
        }
        let parts = t.split(separator: " ")
        func clock(_ s: Substring) -> (Int, Int)? {
            let hm = s.split(separator: ":").compactMap { Int($0) }
            guard hm.count == 2, (0..<24).contains(hm[0]), (0..<60).contains(hm[1]) else { return nil }
            return (hm[0], hm[1])
        }
        if parts.count == 1, let (h, m) = clock(parts[0]) {
            guard let today = calendar.date(bySettingHour: h, minute: m, second: 0, of: now) else { return nil }
            return today > now ? today : calendar.date(byAdding: .day, value: 1, to: today)
        }
        if parts.count == 2, let (h, m) = clock(parts[1]) {
            let ymd = parts[0].split(separator: "-").compactMap { Int($0) }
            guard ymd.count == 3 else { return nil }
            return calendar.date(from: DateComponents(year: ymd[0], month: ymd[1], day: ymd[2], hour: h, minute: m))
        }
        return nil
    }

    /// `2026-12-01 09:00`, in the local time zone: a time as it is typed, shown alike everywhere (a phrase such
    /// as "Dec 1, 2026 at 9:00 AM" read "at … at" after the screen's own "at").
    package static func written(_ date: Date, calendar: Calendar = .current) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "??" }
        return "\(c.year.map(String.init) ?? "????")-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
    }
}
