import TernModel
import TernTerminal

/// How each kind of notification is announced while the user looks elsewhere (`alerts` in the config:
/// one mode for all, or a table of kinds). Likes and boosts are never announced: they can wait.
package struct AlertSettings: Sendable, Equatable {
    /// The kinds that can be announced, by the names the config gives them.
    package enum Kind: String, Sendable, CaseIterable {
        case mention
        /// A mention only the people it names can see.
        case direct
        /// A new follower, or someone asking to follow.
        case follow
    }

    package var modes: [Kind: TerminalAlert.Mode]

    /// Every kind the same way.
    package init(_ mode: TerminalAlert.Mode = .desktop) {
        modes = Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, mode) })
    }

    package subscript(kind: Kind) -> TerminalAlert.Mode {
        get { modes[kind] ?? .desktop }
        set { modes[kind] = newValue }
    }

    /// Whether anything is announced at all.
    var any: Bool { modes.values.contains { $0 != .off } }

    /// The kind a notification is announced as; nil for those that wait.
    static func kind(of group: NotificationGroup) -> Kind? {
        switch group.kind {
        case .mention: return group.post?.visibility == "direct" ? .direct : .mention
        case .follow, .followRequest: return .follow
        default: return nil
        }
    }
}
