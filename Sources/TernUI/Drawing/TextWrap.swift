import TernModel
import TernTerminal

/// A piece of a laid-out line: sanitized text at a column in a role's style, and where it links to.
struct Segment: Equatable {
    var text: SafeText
    var role: Theme.Role
    var column: Int
    var link: String? = nil
}

/// Greedy word wrapping by display width. Words break at spaces; CJK may break between any two
/// characters; a word longer than the line is cut.
enum TextWrap {
    private struct Token {
        var text: String
        var width: Int
        var role: Theme.Role
        var link: String?
        var isSpace: Bool
    }

    /// Wraps one line of runs into as many lines as `width` needs.
    static func wrap(_ runs: [(String, Theme.Role)], width: Int) -> [[Segment]] {
        wrap(linked: runs.map { ($0.0, $0.1, nil) }, width: width)
    }

    /// The same, for runs that may link somewhere (a link's words keep their link on every line).
    static func wrap(linked runs: [(String, Theme.Role, String?)], width: Int) -> [[Segment]] {
        guard width > 0 else { return [] }
        var lines: [[Segment]] = []
        // Words of one style join into one segment as they come; each segment is made once, when its line
        // ends (sanitizing and measuring the growing text at every word made long lines quadratic).
        var line: [(text: String, role: Theme.Role, link: String?, column: Int, end: Int)] = []
        var x = 0
        var pendingSpace = false
        // A space takes the style of the run it came from, so a link's underline doesn't reach the gap before it.
        var spaceRole = Theme.Role.text, spaceLink: String? = nil

        func put(_ text: String, _ w: Int, _ role: Theme.Role, _ link: String?) {
            if let last = line.last, last.role == role, last.link == link, last.end == x {
                line[line.count - 1].text += text
                line[line.count - 1].end += w
            } else {
                line.append((text, role, link, x, x + w))
            }
            x += w
        }
        func finished() -> [Segment] { line.map { Segment(text: SafeText($0.text), role: $0.role, column: $0.column, link: $0.link) } }
        func newLine() {
            lines.append(finished())
            line = []
            x = 0
            pendingSpace = false
        }

        for token in tokens(runs) {
            if token.isSpace { pendingSpace = x > 0; (spaceRole, spaceLink) = (token.role, token.link); continue }
            let space = pendingSpace ? 1 : 0
            if x + space + token.width <= width {
                if space == 1 { put(" ", 1, spaceRole, spaceLink) }
                pendingSpace = false
                put(token.text, token.width, token.role, token.link)
                continue
            }
            if x > 0 { newLine() }
            // A word wider than the whole line is cut into pieces that fit.
            var rest = token.text
            while DisplayWidth.of(rest) > width {
                let (head, w) = DisplayWidth.prefix(rest, fitting: width)
                if head.isEmpty { break }
                put(head, w, token.role, token.link)
                newLine()
                rest = String(rest.dropFirst(head.count))
            }
            if !rest.isEmpty { put(rest, DisplayWidth.of(rest), token.role, token.link) }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(finished()) }
        return lines
    }

    private static func tokens(_ runs: [(String, Theme.Role, String?)]) -> [Token] {
        var out: [Token] = []
        for (text, role, link) in runs {
            var word = ""
            var wordWidth = 0
            func flush() {
                if !word.isEmpty { out.append(Token(text: word, width: wordWidth, role: role, link: link, isSpace: false)) }
                word = ""
                wordWidth = 0
            }
            for ch in Sanitizer.clean(text) {
                if ch == " " {
                    flush()
                    out.append(Token(text: " ", width: 1, role: role, link: link, isSpace: true))
                    continue
                }
                let w = DisplayWidth.of(ch)
                if w >= 2 {
                    // Wide (CJK) text has no spaces; every character is a break opportunity.
                    flush()
                    out.append(Token(text: String(ch), width: w, role: role, link: link, isSpace: false))
                } else {
                    word.append(ch)
                    wordWidth += w
                }
            }
            flush()
        }
        return out
    }
}
