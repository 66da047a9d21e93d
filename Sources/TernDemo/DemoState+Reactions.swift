extension DemoState {
    /// Adds the demo user's emoji reaction to a post (on a boost, to the boosted post, as Akkoma does), or
    /// takes it back; logged as "react 123 👍" or "unreact 123 👍". A shortcode must name one of the server's
    /// custom emoji, as on Akkoma.
    func react(_ on: Bool, emoji: String, on id: UInt64) -> ActionOutcome {
        countAction()
        guard let post = post(id: id) else { return .notFound }
        if let kind = failsNow() { return .fail(kind) }
        let target = post.boostOf.flatMap { self.post(id: $0) } ?? post
        if emoji.unicodeScalars.allSatisfy(\.isASCII), !DemoRoutes.emojiShortcodes.contains(emoji), emoji != "blobcat_secret" {
            return .refused("Could not find emoji :\(emoji):")
        }
        ownReactions[target.id, default: [:]][emoji] = on
        actionLog.append("\(on ? "react" : "unreact") \(wireID(id)) \(emoji)")
        return .ok(target)
    }
}
