import TernModel

/// Why a press went back, and what it was about. With four likes pending, "Couldn't like" alone reads as
/// all four failed: the screen names the post (or account, or hashtag). The names are the server's, raw:
/// the UI puts them through the sanitizer as it words the line.
package struct ActionFailure: Sendable, Equatable {
    /// What was pressed, as its message says it ("like", "unfollow").
    package var verb: String
    /// The word between the verb and the post ("vote in", "react to"); empty for most.
    package var joiner: String
    package var subject: Subject?
    /// The server's refusal, or a local failure, in its own words.
    package var reason: String

    package enum Subject: Sendable, Equatable {
        /// A post: its author's name and its opening words.
        case post(author: String, text: String)
        case account(name: String, acct: String)
        case hashtag(String)
    }

    package init(verb: String, joiner: String = "", subject: Subject?, reason: String) {
        self.verb = verb
        self.joiner = joiner
        self.subject = subject
        self.reason = reason
    }

    /// The line without names, for logs and the engines' message text (the screen and `tern sync` say `shown`).
    package var plainText: String { "Couldn't \(verb): \(reason)" }
}

extension ActionFailure.Subject {
    /// What a post's message names: its author and the words it opens with (its warning, when it has one).
    init(_ post: Post) {
        let words = post.spoilerText.isEmpty ? post.content.plainText : post.spoilerText
        self = .post(author: post.account.shownName, text: words)
    }
}
