import TernModel

/// Text that has passed the sanitizer: the only kind of string `Screen` draws.
package struct SafeText: Sendable, Hashable {
    package let string: String

    package init(_ raw: String) {
        string = Sanitizer.clean(raw)
    }

    /// Columns the text takes in the terminal.
    package var width: Int { DisplayWidth.of(string) }
}

/// Plain output outside curses (`tern login`, `tern accounts`, error messages): server text goes through
/// the same sanitizer, line by line, so line breaks survive and nothing else a terminal could act on does.
package enum PlainText {
    package static func clean(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { Sanitizer.clean(String($0)) }.joined(separator: "\n")
    }
}
