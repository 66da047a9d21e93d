import TernFeed
import TernTerminal
import TernModel

extension ActionFailure {
    /// The status line for a press that went back, naming what it was about ("Couldn't like Ann Lee's post
    /// “first words…”: server error 500"): with several presses pending, "Couldn't like" alone reads as if
    /// all of them failed. Every name and word from the server passes the sanitizer here.
    package var shown: String {
        guard let subject else { return plainText }
        let about: String
        switch subject {
        case .post(let author, let text):
            let words = Self.opening(text)
            about = "\(Self.clean(author))'s post" + (words.isEmpty ? "" : " “\(words)”")
        case .account(let name, let acct):
            let name = Self.clean(name), acct = Self.clean(acct)
            about = name.isEmpty || name == acct ? "@\(acct)" : "\(name) (@\(acct))"
        case .hashtag(let tag):
            about = "#\(Self.clean(tag))"
        }
        return "Couldn't \(verb)\(joiner.isEmpty ? "" : " " + joiner) \(about): \(reason)"
    }

    /// Server text made inert, its runs of spaces (line breaks included) made one.
    private static func clean(_ raw: String) -> String {
        Sanitizer.clean(raw).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// A post's first words, enough to tell it from the others on screen.
    private static func opening(_ text: String) -> String {
        DisplayWidth.truncate(clean(text), to: 24)
    }
}
