import Foundation
@testable import TernTerminal
@testable import TernUI

/// A layer drawn alone into a fresh screen of `e`'s size, as the stack draws the shown screen: its rows as text.
func renderedLines(_ layer: some Layer, _ e: LayerEnv) throws -> [String] {
    let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (e.rows, e.columns))
    defer { screen.close() }
    screen.erase()
    layer.render(e, on: screen)
    return (0..<e.rows).map { screen.frame.text(row: $0) }
}
