import Foundation
import TernFeed

/// What the status line says, and for how long. One line tells one thing at a time, so each kind of message
/// has its rule: an error stays `errorSeconds`, anything else half as long; a message that answered a key
/// goes when the layer that said it closes, or a later key there changes something without saying anything
/// new; a list's news waits while the line answers a key; start-up notices take turns as the line comes
/// free. A plain value: the runner tells it what happened and draws what it holds.
struct StatusLine {
    /// How long an error (and a start-up notice) stays on the status line; other messages half as long.
    static let errorSeconds: TimeInterval = 8

    /// Where a key's handling began: how deep the stack was, and what had been said and done by then.
    struct KeyMark {
        let depth: Int
        let said: Int
        let performed: Int
    }

    private(set) var message: (text: String, isError: Bool)?
    /// When the message goes.
    var shownUntil = Date.distantPast
    /// Messages said so far, to tell whether something said anything.
    private(set) var said = 0
    /// Effects carried out so far, to tell whether a key changed something.
    private var performed = 0
    /// The shown message answered a key on the layer this many deep (nil: it came from work done meanwhile).
    private var answersKey: Int?
    /// A list's news that came while the line answered a key: said once the line is free, if that list is
    /// still the one shown.
    private var heldNews: (feed: FeedID, text: String)?
    private var notices: StartupNotices

    init(notices: [String], now: Date = Date()) {
        self.notices = StartupNotices(notices, seconds: Self.errorSeconds)
        _ = tick(now: now, shownFeed: nil)
    }

    /// The start-up notices not seen whole by now, for the caller to print after the screen closes.
    func unseenNotices(now: Date) -> [String] { notices.unseen(now: now) }

    /// Says `text` for the account `background` (nil: the one shown, or none). An account in the background
    /// speaks up only when something went wrong, and names itself. Whether the line changed.
    @discardableResult
    mutating func say(_ text: String, error: Bool, background: String?) -> Bool {
        guard let background else { say(text, error: error); return true }
        guard error else { return false }
        say("\(background): \(text)", error: true)
        return true
    }

    mutating func say(_ text: String, error: Bool, now: Date = Date()) {
        said += 1
        answersKey = nil
        message = (text, error)
        shownUntil = now.addingTimeInterval(error ? Self.errorSeconds : Self.errorSeconds / 2)
    }

    /// Takes back `text` if it is what the line says (what it announced is over). Whether the line changed.
    mutating func unsay(_ text: String) -> Bool {
        guard message?.text == text else { return false }
        message = nil
        return true
    }

    mutating func performed(_ count: Int) { performed += count }

    func mark(depth: Int) -> KeyMark { KeyMark(depth: depth, said: said, performed: performed) }

    /// A key was handled that began at `mark`, leaving `depth` layers. A message it gave answers it; a message
    /// that answered an earlier key is no longer true once its layer closed or this key changed something
    /// ("Nothing to send yet" after text was typed). Whether the line changed.
    mutating func keyAnswered(_ mark: KeyMark, depth: Int) -> Bool {
        if said != mark.said {
            if message != nil { answersKey = mark.depth }
            return false
        }
        guard let layer = answersKey, message != nil else { return false }
        guard depth < layer || performed != mark.performed else { return false }
        message = nil
        answersKey = nil
        return true
    }

    /// Effects that began at `mark` moved to another screen: a note about the screen left ("Posts with
    /// pictures" on a profile) goes with it, unless they said something themselves; what went wrong stays.
    mutating func screenChanged(since mark: KeyMark) {
        if said == mark.said, message?.isError == false { message = nil }
    }

    /// A list's message: what the line is to say of it now (nil: nothing, or held). A list in the background
    /// speaks up only when something went wrong, and names itself; what the server made of something the user
    /// did is no list's, and every list hears it: said as it is, once. A list's news waits while the line
    /// answers a key (a key's answer lasted milliseconds under the start-up refresh's "Feeds: nothing new").
    mutating func news(_ m: StatusMessage, of feed: FeedID, shown: Bool) -> (text: String, isError: Bool)? {
        let text = m.failure?.shown ?? m.text
        if m.aboutAction { return message?.text == text ? nil : (text, m.isError) }
        if shown, !m.isError, answersKey != nil, message != nil {
            heldNews = (feed, m.text)
            return nil
        }
        guard shown || m.isError else { return nil }
        return (shown ? m.text : "\(feed): \(m.text)", m.isError)
    }

    /// Time passed: a message whose time is over goes; then held news of the list shown, or the next start-up
    /// notice, takes the free line. Whether the line changed.
    mutating func tick(now: Date, shownFeed: FeedID?) -> Bool {
        var changed = false
        if message != nil, now >= shownUntil {
            message = nil
            changed = true
        }
        if message == nil, let news = heldNews {
            heldNews = nil
            if shownFeed == news.feed {
                say(news.text, error: false, now: now)
                changed = true
            }
        }
        if let text = notices.next(message: message?.text, now: now) {
            say(text, error: true, now: now)
            changed = true
        }
        return changed
    }
}
