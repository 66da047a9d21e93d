import TernModel
import TernTerminal

/// What a keystroke means. Each action has a stable name (for `[keys]` in config.toml) and a line of help.
package enum UIAction: String, Sendable, CaseIterable {
    case lineDown = "next", lineUp = "previous", pageDown = "page-down", pageUp = "page-up", top, bottom
    case firstUnread = "first-unread", nextUnread = "next-unread"
    case open, back, profile, notifications, inbox, timelines, accounts, search
    case like, save, boost, react, vote, translate, refresh, reveal
    case compose, reply, quote, edit, delete, menu
    case viewImage = "view-image", openLink = "open-link", retryImages = "retry-images"
    case copyLink = "copy-link", copyText = "copy-text", links
    case follow, mentionsOnly = "mentions-only", toggleBoosts = "toggle-boosts", mediaOnly = "media-only", grid
    case catchUp = "catch-up"
    case focusPane = "focus-pane", redraw, help, quit

    /// The help overlay's words for it.
    var help: String {
        switch self {
        case .lineDown: return "next post"
        case .lineUp: return "previous post"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .top: return "newest"
        case .bottom: return "oldest cached"
        case .firstUnread: return "first unread: the post above \"read up to here\""
        case .nextUnread: return "next unread item (web feeds)"
        case .open: return "open thread / load gap"
        case .back: return "back"
        case .profile: return "author's profile"
        case .notifications: return "notifications"
        case .inbox: return "inbox: every account's notifications"
        case .timelines: return "switch timeline"
        case .accounts: return "switch account"
        case .search: return "search (cache and server)"
        case .like: return "like / unlike"
        case .save: return "save / unsave"
        case .boost: return "boost / unboost"
        case .react: return "react with an emoji (servers with reactions)"
        case .vote: return "vote in the post's poll"
        case .translate: return "translate the post (through the server)"
        case .refresh: return "fetch newer"
        case .reveal: return "show/hide content warning"
        case .compose: return "write a new post"
        case .reply: return "reply to the post"
        case .quote: return "quote the post in a post of yours"
        case .edit: return "edit your post"
        case .delete: return "delete your post"
        case .menu: return "more: mute, block, hide…"
        case .viewImage: return "view picture large"
        case .openLink: return "open link in browser"
        case .retryImages: return "retry failed pictures"
        case .copyLink: return "copy the post's link (through the terminal)"
        case .copyText: return "copy the post's text (through the terminal)"
        case .links: return "the post's links, numbered: a digit opens one"
        case .follow: return "follow / unfollow (profile, hashtag)"
        case .mentionsOnly: return "mentions only (notifications)"
        case .toggleBoosts: return "hide/show boosts (profile)"
        case .mediaOnly: return "pictures only (profile)"
        case .grid: return "pictures as a grid (notifications: mentions only)"
        case .catchUp: return "catch-up: what came in since the read mark, ranked"
        case .focusPane: return "two panes: move the keys to the other"
        case .redraw: return "draw the whole screen again"
        case .help: return "this help"
        case .quit: return "quit (over the list: close what is open)"
        }
    }
}

/// Keys to actions: vi-style letters and the usual arrows and paging keys, remappable from config.toml.
package struct Keymap: Sendable, Equatable {
    package private(set) var bindings: [Key: UIAction]

    package static let standard = Keymap(bindings: [
        .character("j"): .lineDown, .down: .lineDown,
        .character("k"): .lineUp, .up: .lineUp,
        .character(" "): .pageDown, .pageDown: .pageDown, .character("\u{06}"): .pageDown,
        .pageUp: .pageUp, .character("\u{02}"): .pageUp,
        .character("g"): .top, .home: .top,
        .character("G"): .bottom, .end: .bottom, .character("u"): .firstUnread, .character("U"): .nextUnread,
        .enter: .open, .character("l"): .open,
        .escape: .back, .character("h"): .back, .backspace: .back,
        .character("p"): .profile, .character("n"): .notifications, .character("N"): .inbox,
        .character("f"): .like, .character("b"): .save, .character("B"): .boost, .character("+"): .react, .character("V"): .vote, .character("T"): .translate,
        .character("r"): .refresh, .character("c"): .reveal,
        .character("w"): .compose, .character("a"): .reply, .character("Q"): .quote, .character("e"): .edit, .character("D"): .delete, .character("x"): .menu,
        .character("t"): .timelines, .character("A"): .accounts, .character("v"): .viewImage, .character("o"): .openLink, .character("R"): .retryImages,
        .character("y"): .copyLink, .character("Y"): .copyText, .character("L"): .links,
        .character("F"): .follow, .character("m"): .grid, .character("@"): .mentionsOnly, .character("H"): .toggleBoosts, .character("M"): .mediaOnly, .character("C"): .catchUp,
        .character("/"): .search, .character("?"): .help, .character("q"): .quit, .character("\u{0C}"): .redraw, .tab: .focusPane,
    ])

    package init(bindings: [Key: UIAction]) { self.bindings = bindings }

    package func action(for key: Key) -> UIAction? { bindings[key] }

    /// The keys of an action, in a stable order (single characters first).
    func keys(for action: UIAction) -> [Key] {
        bindings.filter { $0.value == action }.map { (key: $0.key, name: KeyName.name(of: $0.key)) }
            .sorted { ($0.name.count == 1 ? 0 : 1, $0.name) < ($1.name.count == 1 ? 0 : 1, $1.name) }
            .map(\.key)
    }

    /// This keymap with actions moved to other keys: each entry's keys replace the action's old ones, and
    /// a key taken from another action stops meaning that one. Names are checked first, so a mistake
    /// changes nothing; `line` says where an entry was written, for the message.
    package func remapped(_ entries: [(action: String, keys: [String], line: Int?)]) throws -> Keymap {
        var parsed: [(UIAction, [Key])] = []
        for entry in entries {
            let at = entry.line.map { "line \($0): " } ?? ""
            guard let action = UIAction(rawValue: entry.action) else {
                let near = NearestWord.nearest(to: entry.action, among: UIAction.allCases.map(\.rawValue))
                throw KeymapError(description: "\(at)unknown action '\(entry.action)' in [keys]; "
                                  + (near.map { "did you mean \($0)? " } ?? "") + "actions are: "
                                  + UIAction.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let keys = try entry.keys.map { name -> Key in
                guard let key = KeyName.key(named: name) else {
                    throw KeymapError(description: "\(at)unknown key '\(name)' for \(entry.action) in [keys]; use a character, "
                                      + "or one of " + KeyName.named.map(\.name).joined(separator: ", ") + ", or ctrl-<letter>")
                }
                return key
            }
            parsed.append((action, keys))
        }
        var out = self
        for (action, keys) in parsed {
            out.bindings = out.bindings.filter { $0.value != action }
            for k in keys { out.bindings[k] = action }
        }
        return out
    }

    /// What `remapped(entries)` takes from actions the entries do not move, in words: `like = "j"` takes
    /// `j` from next, which a person who only meant to add a key for liking must hear.
    package func taken(by entries: [(action: String, keys: [String], line: Int?)]) -> [String] {
        let moved = Set(entries.compactMap { UIAction(rawValue: $0.action) })
        return entries.flatMap { entry -> [String] in
            guard let action = UIAction(rawValue: entry.action) else { return [] }
            return entry.keys.compactMap { name -> String? in
                guard let key = KeyName.key(named: name), let other = bindings[key], other != action, !moved.contains(other) else { return nil }
                let left = keys(for: other).filter { $0 != key }.map(KeyName.name(of:))
                let at = entry.line.map { "line \($0): " } ?? ""
                return "\(at)\(entry.action) = \"\(name)\" takes \(name) from \(other.rawValue)"
                    + (left.isEmpty ? ", which no key does now" : " (\(other.rawValue) keeps \(left.joined(separator: " ")))")
            }
        }
    }

    /// The help overlay's lines, made from the bindings themselves so they never disagree.
    /// The compose screen's own keys, which no keymap changes.
    static let composeHelp: [(keys: String, what: String)] = [
        ("ctrl-s", "send"), ("esc", "close, keeping the draft"), ("tab shift-tab", "next / previous field"),
        ("ctrl-e", "edit the text in $EDITOR"), ("ctrl-d", "remove a picture (in its empty alt text)"),
    ]

    /// The help for `width` columns: the lists' keys in two columns where both fit whole, else in one (each
    /// line cut to the width), then the compose screen's keys.
    func helpLines(width: Int) -> [String] {
        func entry(_ keys: String, _ what: String) -> String {
            keys.padding(toLength: max(keys.count, 19), withPad: " ", startingAt: 0) + " " + what
        }
        let entries = UIAction.allCases.compactMap { a -> String? in
            let keys = keys(for: a)
            guard !keys.isEmpty else { return nil }
            return entry(keys.prefix(3).map(KeyName.name(of:)).joined(separator: " "), a.help)
        }
        let fit = { (line: String) in DisplayWidth.truncate(line, to: max(1, width)) }
        let half = (entries.count + 1) / 2
        let leftWidth = (entries.prefix(half).map(DisplayWidth.of).max() ?? 0) + 3
        let rightWidth = entries.dropFirst(half).map(DisplayWidth.of).max() ?? 0
        var lines: [String]
        if leftWidth + rightWidth <= width {
            // Two columns, read down the left one first.
            lines = (0..<half).map { i in
                let left = entries[i], right = i + half < entries.count ? entries[i + half] : ""
                return left.padding(toLength: leftWidth, withPad: " ", startingAt: 0) + right
            }
        } else {
            lines = entries.map(fit)
        }
        return lines + ["", fit("Writing a post:")] + Self.composeHelp.map { fit(entry($0.keys, $0.what)) }
    }

    var helpLines: [String] { helpLines(width: 200) }
}

/// A `[keys]` entry that can't be used.
package struct KeymapError: Error, CustomStringConvertible {
    package var description: String
}

/// Key names as config.toml and the help overlay write them.
enum KeyName {
    static let named: [(name: String, key: Key)] = [
        ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("tab", .tab), ("space", .character(" ")),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
    ]

    static func key(named name: String) -> Key? {
        let lower = name.lowercased()
        if let k = named.first(where: { $0.name == lower })?.key { return k }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let c = lower.last?.asciiValue, c >= 97, c <= 122 {
            return .character(Character(Unicode.Scalar(c - 96)))
        }
        if name.count == 1, let c = name.first, !c.isWhitespace, c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            return .character(c)
        }
        return nil
    }

    static func name(of key: Key) -> String {
        if let n = named.first(where: { $0.key == key })?.name { return n }
        if case .character(let c) = key, let v = c.asciiValue, v >= 1, v <= 26 { return "ctrl-" + String(Character(Unicode.Scalar(v + 96))) }
        if case .character(let c) = key { return String(c) }
        return "?"
    }
}
