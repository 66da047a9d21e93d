/// A post in another language, as the server's translation service gave it back.
package struct Translation: Sendable, Hashable {
    package var content: StyledText
    package var spoilerText: String
    /// The language the service found the post to be in ("ja"); nil when it did not say.
    package var sourceLanguage: String?
    /// Who translated it ("DeepL.com"); nil when the server did not say.
    package var provider: String?

    package init(content: StyledText, spoilerText: String = "", sourceLanguage: String? = nil, provider: String? = nil) {
        self.content = content
        self.spoilerText = spoilerText
        self.sourceLanguage = sourceLanguage
        self.provider = provider
    }
}
