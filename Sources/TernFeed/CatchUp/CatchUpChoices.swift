import Foundation

/// What the user chose on a Catch-up screen, which the next `C` opens with again, in this run and the next:
/// the window picked with `W` (not one that stood in for an empty window), the order, the kinds, by author
/// or not. Kept in the store as a line of text (`text`), one per account.
package struct CatchUpChoices: Sendable, Hashable {
    /// The store's name for them (`AccountData.choice`).
    package static let storeName = "catchup"

    package var window: CatchUpWindow?
    /// The order's name (`CatchUpOrdering.name`).
    package var order: String
    package var kinds: Set<CatchUpKind>
    package var grouped: Bool

    package init(window: CatchUpWindow? = nil, order: String = StandOutOrder().name, kinds: Set<CatchUpKind> = [], grouped: Bool = false) {
        (self.window, self.order, self.kinds, self.grouped) = (window, order, kinds, grouped)
    }

    /// `order=stand-outs;kinds=originals,replies;grouped=0;window=4h`, kinds in their digits' order.
    package var text: String {
        var parts = ["order=\(order)", "kinds=\(CatchUpKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ","))",
                     "grouped=\(grouped ? 1 : 0)"]
        if let window { parts.append("window=\(Self.name(of: window))") }
        return parts.joined(separator: ";")
    }

    /// The choices a line of `text` keeps; nil for a line this Tern can't read (a newer one's, or damaged), so
    /// the screen opens as it does the first time rather than on something half read.
    package init?(text: String) {
        var fields: [Substring: Substring] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { return nil }
            fields[pair[0]] = pair[1]
        }
        guard let order = fields["order"].map(String.init), CatchUpOrders.named(order) != nil,
              let kinds = fields["kinds"], let grouped = fields["grouped"], grouped == "0" || grouped == "1" else { return nil }
        var chosen: Set<CatchUpKind> = []
        for name in kinds.split(separator: ",") {
            guard let kind = CatchUpKind(rawValue: String(name)) else { return nil }
            chosen.insert(kind)
        }
        var window: CatchUpWindow?
        if let name = fields["window"] {
            guard let known = Self.window(named: name) else { return nil }
            window = known
        }
        self.init(window: window, order: order, kinds: chosen, grouped: grouped == "1")
    }

    private static func name(of window: CatchUpWindow) -> String {
        switch window {
        case .sinceReadMark: return "read-mark"
        case .sinceLastCatchUp: return "last-catch-up"
        case .lastHours(let h): return "\(h)h"
        }
    }

    private static func window(named name: Substring) -> CatchUpWindow? {
        switch name {
        case "read-mark": return .sinceReadMark
        case "last-catch-up": return .sinceLastCatchUp
        default:
            guard name.hasSuffix("h"), let h = Int(name.dropLast()), CatchUpWindow.hourChoices.contains(h) else { return nil }
            return .lastHours(h)
        }
    }
}
