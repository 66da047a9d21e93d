import TernMastodon

/// The server's custom emoji, asked once and kept for the run.
actor CustomEmojiCache {
    private var codes: [String]?

    func shortcodes(_ client: MastodonClient) async throws -> [String] {
        if let codes { return codes }
        let fetched = try await client.customEmojiShortcodes()
        codes = fetched
        return fetched
    }
}
