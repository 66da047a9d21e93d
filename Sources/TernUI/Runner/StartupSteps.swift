import Foundation

/// What start-up does around the first frame, and when: the first frame waits briefly for the cached
/// posts, the terminal is asked how it shows pictures only once they are up, and the first frame with
/// posts is announced once (start-up's timeline in the log).
struct StartupSteps {
    let started: Date
    /// Asks the terminal how it shows pictures; nil once asked.
    private var probe: (() -> Graphics)?
    /// The first frame with posts (or, for an empty list, the first moment) is on the terminal.
    private(set) var postsDrawn = false
    /// Called once, right after the first frame that shows posts is on the terminal.
    var onFirstPostsFrame: (() -> Void)?
    /// How long the first frame waits for the shown list's cached posts.
    static let openingWait: TimeInterval = 0.15
    /// How long the terminal's probe waits for posts before it goes anyway.
    static let probeWait: TimeInterval = 0.5

    init(started: Date, probe: (() -> Graphics)?, onFirstPostsFrame: (() -> Void)? = nil) {
        self.started = started
        self.probe = probe
        self.onFirstPostsFrame = onFirstPostsFrame
    }

    /// The first frame is held back: an empty list drawn a few milliseconds before its cached posts would
    /// flash, and say something that isn't so.
    func opening(_ now: Date, listRead: Bool) -> Bool {
        !listRead && now.timeIntervalSince(started) < Self.openingWait
    }

    /// The terminal's probe, once its time has come, and never again. Asking costs a round trip (an ssh
    /// one, remotely): the cached posts go first. And it reads the keyboard's line: not while keys are
    /// waiting or the user is writing (`showsList` false).
    mutating func probeDue(_ now: Date, showsList: Bool, keysWaiting: Bool) -> (() -> Graphics)? {
        guard let probe, postsDrawn || now.timeIntervalSince(started) > Self.probeWait, showsList, !keysWaiting else { return nil }
        self.probe = nil
        return probe
    }

    /// A frame is on the terminal; `withPosts`, it shows posts: the first such is announced.
    mutating func drew(withPosts: Bool) {
        guard withPosts, !postsDrawn else { return }
        postsDrawn = true
        onFirstPostsFrame?()
        onFirstPostsFrame = nil
    }
}
