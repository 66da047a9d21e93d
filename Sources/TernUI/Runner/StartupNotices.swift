import Foundation

/// What Tern has to tell the user as it starts (a setting it doesn't know, a key `[keys]` took from another
/// action, a damaged account file, a terminal it draws as another): every one reaches the screen. One status
/// line holds one at a time, so they are shown in turn, each numbered ("(2 of 3)") so that the user knows
/// more follow, and each for its whole time: one that another message cut short comes back after it. What
/// the user quits before seeing is `unseen`, for the caller to print once the screen is closed.
package struct StartupNotices: Sendable {
    private let all: [String]
    /// Indices into `all` of the notices not yet shown for their whole time, in the order they go up.
    private var waiting: [Int]
    /// The one on screen now and until when it stays, if one is.
    private(set) var shown: (index: Int, until: Date)?
    /// How long each stays on the status line.
    let seconds: TimeInterval

    package init(_ notices: [String], seconds: TimeInterval) {
        all = notices
        waiting = Array(notices.indices)
        self.seconds = seconds
    }

    /// The notice as the status line says it: numbered where there are several.
    func text(_ index: Int) -> String {
        all.count > 1 ? "(\(index + 1) of \(all.count)) " + all[index] : all[index]
    }

    /// The status line now says `message` (nil: nothing) at `now`: the notice on screen is done when its
    /// time is over, or goes back to the front of the line when something else took its place early. Then
    /// the next notice, to show for `seconds`, when the line is free; nil when it is not or none is left.
    mutating func next(message: String?, now: Date) -> String? {
        if let (index, end) = shown, message != text(index) {
            shown = nil
            if now < end { waiting.insert(index, at: 0) }
        }
        guard message == nil, shown == nil, !waiting.isEmpty else { return nil }
        let index = waiting.removeFirst()
        shown = (index, now.addingTimeInterval(seconds))
        return text(index)
    }

    /// The notices not shown for their whole time by `now`, in their order, as the user would read them printed.
    package func unseen(now: Date) -> [String] {
        let cut = shown.flatMap { now < $0.until ? [$0.index] : nil } ?? []
        return (cut + waiting).sorted().map { all[$0] }
    }
}
