/// What a hostile server puts in every field a client shows: escape sequences that would retitle the
/// window (OSC 0), write the clipboard (OSC 52), ask the terminal to answer (CSI 6n, DA), recolour or
/// clear the screen, raw C1 controls and bidi overrides. `tern demo --hostile` serves them everywhere,
/// so the tests can check that none reaches the terminal.
enum HostileText {
    static let payloads = [
        "\u{1B}]0;pwned title\u{07}",
        "\u{1B}]52;c;cHduZWQ=\u{07}",
        "\u{1B}[6n",
        "\u{1B}[c",
        "\u{1B}[2J\u{1B}[H",
        "\u{9B}31m",
        "\u{9D}8;;https://evil.example\u{9C}",
        "\u{1B}P+q544e\u{1B}\\",
        "\u{202E}gnp.exe",
        "\u{07}\u{08}\u{00}",
    ]

    /// `text` with payloads spliced in, chosen by `salt` so fields differ.
    static func laden(_ text: String, salt: Int) -> String {
        let a = payloads[abs(salt) % payloads.count], b = payloads[abs(salt / 3 + 1) % payloads.count]
        return a + text + b
    }
}
