/// A list's place across changes of its size (a resize, a pane opened or closed beside it). A new size
/// changes every post's height, so the selected post is to be brought into view at once (a thread's last
/// reply was left below an 80×24 screen until a key); back at the size before, with no key pressed
/// between, the view is put back exactly as it was there (Esc from the pictures in the right pane left
/// the list lower than before), unless the selection moved meanwhile: a resize never moves the selection.
struct ViewAcrossSizes {
    private var size: [Int]?
    private var kept: (size: [Int], viewport: Viewport)?

    /// A key or the wheel moved the view: its place at this size is the user's now.
    mutating func moved() { kept = nil }

    /// At each settle, with the list's size now: puts the kept view back when it is for this size; true
    /// when the size is new and the selection is to be brought into view.
    mutating func settle(_ now: [Int], _ viewport: inout Viewport) -> Bool {
        defer { size = now }
        guard let before = size, before != now else { return false }
        // Only while the selection is still the one it kept: one that moved since without a key (a profile's
        // header arriving above its posts) is the user's place now, and a resize put the old one back.
        if let kept, kept.size == now, kept.viewport.selectedID == viewport.selectedID {
            viewport = kept.viewport
            self.kept = nil
            return false
        }
        kept = (before, viewport)
        return true
    }
}
