import Foundation
import TernMastodon
import TernModel

/// Candidates for a word typed in a post: first the accounts of the posts this account's lists hold in
/// memory (no waiting), then the server's search, or its custom emoji (asked once per run).
extension AppRunner {
    func complete(_ word: String) {
        guard let sigil = word.first else { return }
        let typed = String(word.dropFirst()).lowercased()
        let mailbox = session.mail, client = sources.client
        if sigil == "@" {
            var seen: [String] = []
            for snapshot in session.feeds.values {
                for row in snapshot.rows {
                    for account in [row.post?.account, row.post?.boostedBy].compactMap({ $0 })
                    where account.acct.lowercased().hasPrefix(typed) && !seen.contains("@" + account.acct) {
                        seen.append("@" + account.acct)
                    }
                }
            }
            if !seen.isEmpty { perform(stack.receive(.wordCompletions(word, Array(seen.sorted().prefix(5))), env())) }
        }
        guard !sources.offline else { return }
        let emoji = session.customEmoji, logger = log
        Task.detached {
            do {
                let found: [String]
                switch sigil {
                case "@": found = try await client.search(typed, resolve: false, limit: 5, type: "accounts").accounts.map { "@" + $0.acct }
                case "#": found = try await client.search(typed, resolve: false, limit: 5, type: "hashtags").hashtags.map { "#" + $0.name }
                default:
                    let codes = try await emoji.shortcodes(client)
                    found = codes.filter { $0.lowercased().hasPrefix(typed) }.sorted().prefix(8).map { ":\($0):" }
                }
                mailbox.post(.layer(.wordCompletions(word, found)))
            } catch {
                // Completion is a help, not a request of the user's: its failure is logged, not shown.
                logger.info("no completions from the server", metadata: ["word": "\(word)", "error": "\(error)"])
            }
        }
    }
}

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
