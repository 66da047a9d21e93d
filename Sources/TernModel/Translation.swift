/// A post in another language, as the server's translation service gave it back.
public struct Translation: Sendable, Hashable {
    public var content: StyledText
    public var spoilerText: String
    /// The language the service found the post to be in ("ja"); nil when it did not say.
    public var sourceLanguage: String?
    /// Who translated it ("DeepL.com"); nil when the server did not say.
    public var provider: String?

    public init(content: StyledText, spoilerText: String = "", sourceLanguage: String? = nil, provider: String? = nil) {
        self.content = content
        self.spoilerText = spoilerText
        self.sourceLanguage = sourceLanguage
        self.provider = provider
    }
}
