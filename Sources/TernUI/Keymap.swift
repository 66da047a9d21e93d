import TernTerminal

/// What a keystroke means in the list.
public enum UIAction: Sendable, Equatable {
    case lineDown, lineUp, pageDown, pageUp, top, bottom
    case like, save, refresh, reveal, viewImage, openLink, retryImages, timelines, activate, search, help, quit
}

/// Keys to actions. Vi-style letters and the usual arrows and paging keys.
public struct Keymap: Sendable {
    public var bindings: [Key: UIAction]

    public static let standard = Keymap(bindings: [
        .character("j"): .lineDown, .down: .lineDown,
        .character("k"): .lineUp, .up: .lineUp,
        .character(" "): .pageDown, .pageDown: .pageDown, .character("\u{06}"): .pageDown,
        .pageUp: .pageUp, .character("\u{02}"): .pageUp,
        .character("g"): .top, .home: .top,
        .character("G"): .bottom, .end: .bottom,
        .character("f"): .like, .character("b"): .save,
        .character("r"): .refresh, .character("c"): .reveal,
        .enter: .activate, .character("t"): .timelines, .character("v"): .viewImage, .character("o"): .openLink, .character("R"): .retryImages,
        .character("/"): .search, .character("?"): .help, .character("q"): .quit,
    ])

    public func action(for key: Key) -> UIAction? { bindings[key] }

    /// The lines of the help overlay.
    public static let helpLines = [
        "j / ↓      next post            k / ↑      previous post",
        "space PgDn page down            PgUp       page up",
        "g / Home   newest               G / End    oldest cached",
        "f          like / unlike        b          save / unsave",
        "r          fetch newer posts    c          show/hide content warning",
        "v          view picture large   o          open link in browser",
        "t          switch timeline      R          retry failed pictures",
        "/          search cached posts  Enter      load a gap of posts (⋯)",
        "?          this help            q          quit",
    ]
}
