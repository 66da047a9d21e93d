import Foundation
import TernImages
import TernModel
import TernTerminal

extension AppRunner {
    /// Asks the terminal how it shows pictures (after the first frame with posts: the probe costs a round
    /// trip), hands back keys typed meanwhile, and switches to what it found.
    func findGraphicsNow() {
        guard let findGraphics else { return }
        let found = findGraphics()
        if !found.typed.isEmpty { screen.unread(found.typed) }
        // A terminal may have shown part of a query it did not know: everything is sent again, in colours
        // readable on the background it said it has.
        if let background = found.background { screen.background = background }
        screen.invalidate()
        use(found)
    }

    /// Shows pictures this way from now on: the layout, kitty's picture store, the loader's output, and
    /// what the user should know.
    func use(_ graphics: Graphics) {
        var mode = graphics.mode, note = graphics.note
        if let name = graphics.terminal { away.terminal = name }
        screen.synchronizedOutput = graphics.synchronizedOutput
        screen.hyperlinks = settings.hyperlinks == .on
            || (settings.hyperlinks == .auto && Hyperlinks.supported(terminal: graphics.terminal, environment: ProcessInfo.processInfo.environment))
        away.passthrough = graphics.tmux
        if mode == .kitty, !graphics.kittyDirect, !screen.canDrawKittyPlaceholders {
            mode = .symbols
            note = "Pictures as symbols: kitty's placeholders need a 256-colour TERM (such as xterm-kitty)."
        }
        var layout = graphics.layout
        layout.off = mode == .off
        layout.pixels = mode.sendsPixels
        renderer.pictures = layout
        let direct = mode == .kitty && graphics.kittyDirect
        renderer.kittyDirect = direct
        screen.placesKittyPictures = direct
        pictures.use(mode, graphics, direct: direct, screen: screen)
        if let note { show(note, error: false) }
        dirty = true
    }
}
