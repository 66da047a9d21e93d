/// A menu's lines as its box shows them on a screen `rows` tall: all of them where they fit, else a window
/// that keeps the selected line in view, with a line above or below saying how many more there are. The
/// menus (`ChoiceLayer`) and the timeline picker share it: the picker's list ran off the screen unmarked.
enum MenuLines {
    /// The lines shown: all that fit in the box (its title and frame take five rows), else a window around
    /// the selected one, two rows left for the "more" lines.
    static func window(count: Int, selected: Int, rows: Int) -> Range<Int> {
        let room = max(1, rows - 5)
        guard count > room else { return 0..<count }
        let visible = max(1, room - 2)
        let start = min(max(0, selected - visible / 2), count - visible)
        return start..<(start + visible)
    }

    /// The box's lines: the window, and "↑ N more" or "↓ N more" where lines are left out.
    static func shown(_ lines: [(text: String, selected: Bool)], rows: Int) -> [(text: String, selected: Bool)] {
        let selected = lines.firstIndex { $0.selected } ?? 0
        let range = window(count: lines.count, selected: selected, rows: rows)
        var out = Array(lines[range])
        if range.lowerBound > 0 { out.insert(("  ↑ \(range.lowerBound) more", false), at: 0) }
        if range.upperBound < lines.count { out.append(("  ↓ \(lines.count - range.upperBound) more", false)) }
        return out
    }
}
