import Foundation
import TernModel
import TernTerminal

/// Types into the compose screen the way a person does, a key at a time, each key updated and drawn
/// to a screen, through the app's own layer. For `tern-bench compose`.
package final class ComposeProbe {
    private var layer: ComposeLayer
    private let env: LayerEnv
    private let screen: Screen
    /// Drafts the keys asked to keep, in order (what the runner hands to the draft keeper).
    package private(set) var kept: [Draft] = []

    package init(screen: Screen) {
        self.screen = screen
        env = LayerEnv(rows: screen.rows, columns: screen.columns, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        layer = ComposeLayer(draft: Draft(id: "new"), context: nil)
    }

    /// One key, its update, and the frame it leads to.
    package func press(_ c: Character) {
        for case .keepDraft(let d) in layer.update(c == "\n" ? .enter : .character(c), env) { kept.append(d) }
        screen.erase()
        layer.render(env, on: screen)
        screen.update()
    }

    package var characterCount: Int { layer.current.text.count }
}
