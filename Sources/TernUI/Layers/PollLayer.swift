import Foundation
import TernModel
import TernTerminal

/// Voting in a post's poll: its options in a box. In a poll that takes one answer, Enter (or the option's
/// digit) votes for the option under the cursor; in one that takes several, Space (or the digit) ticks
/// options and Enter votes for those ticked (or, with none ticked, for the one under the cursor). Escape
/// leaves without voting. The vote itself goes through the action queue, as a like does.
struct PollLayer: Layer {
    let post: Post
    let options: [String]
    let multiple: Bool
    private(set) var selected = 0
    private(set) var ticked: Set<Int> = []

    init(post: Post) {
        self.post = post
        options = post.poll?.options.map(\.title) ?? []
        multiple = post.poll?.multiple ?? false
    }

    /// `V` on a post: the poll's box, or why there is nothing to vote in.
    static func voting(_ post: Post, now: Date) -> [Effect] {
        guard let poll = post.poll else { return [.say("This post has no poll", error: false)] }
        if post.pending.contains(.vote) { return [.say("Your vote is on its way", error: false)] }
        if poll.hasVoted { return [.say("You have voted in this poll", error: false)] }
        if poll.isClosed(at: now) { return [.say("This poll is closed", error: false)] }
        // Posts stored before Tern kept a poll's id: the next refresh brings it.
        guard poll.id != nil else { return [.say("Tern doesn't know this poll's id yet: r fetches it again", error: false)] }
        guard !poll.options.isEmpty else { return [.say("This poll has no options to vote for", error: false)] }
        return [.push(.poll(post))]
    }

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch key {
        case .character("j"), .down: selected = min(options.count - 1, selected + 1)
        case .character("k"), .up: selected = max(0, selected - 1)
        case .character(" ") where multiple: tick(selected)
        case .character(let c) where c.isNumber:
            guard let n = c.wholeNumberValue, n >= 1, n <= options.count else { return [] }
            selected = n - 1
            if !multiple { return vote([selected]) }
            tick(selected)
        case .enter: return vote(multiple && !ticked.isEmpty ? ticked.sorted() : [selected])
        case .escape, .character("q"), .character("h"): return [.pop]
        default: break
        }
        return []
    }

    private mutating func tick(_ i: Int) {
        if ticked.contains(i) { ticked.remove(i) } else { ticked.insert(i) }
    }

    private func vote(_ choices: [Int]) -> [Effect] { [.pop, .vote(post, choices: choices)] }

    func render(_ env: LayerEnv, into screen: Canvas) {
        let lines = options.enumerated().map { i, title in
            let mark = multiple ? (ticked.contains(i) ? "[x] " : "[ ] ") : ""
            return ((i < 9 ? "\(i + 1) " : "  ") + mark + Sanitizer.clean(title), i == selected)
        }
        let how = multiple ? "Vote: space ticks, enter votes" : "Vote: enter chooses"
        env.renderer.drawBox(title: how + " (esc: not now)", lines: lines, on: screen)
    }
}
