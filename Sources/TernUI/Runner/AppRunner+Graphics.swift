import Foundation
import TernImages
import TernModel
import TernTerminal

extension AppRunner {
    /// Asks the terminal how it shows pictures (after the first frame with posts: the probe costs a round
    /// trip), hands back keys typed meanwhile, and switches to what it found.
    func findGraphics(with probe: () -> Graphics) {
        let found = probe()
        if !found.typed.isEmpty { screen.unread(found.typed) }
        // A terminal may have shown part of a query it did not know: everything is sent again, in colours
        // readable on the background it said it has.
        if let background = found.background { screen.background = background }
        screen.invalidate()
        use(found)
    }

    /// Shows pictures this way from now on (`ScreenPictures.use`), with what the terminal takes besides:
    /// synchronized output, hyperlinks, where alerts go.
    func use(_ graphics: Graphics) {
        away.terminal = graphics.terminal ?? away.terminal
        away.passthrough = graphics.tmux
        screen.synchronizedOutput = graphics.synchronizedOutput
        screen.hyperlinks = settings.hyperlinks == .on
            || (settings.hyperlinks == .auto && Hyperlinks.supported(terminal: graphics.terminal, environment: ProcessInfo.processInfo.environment))
        if let note = pictures.use(graphics, screen: screen, renderer: renderer) { show(note, error: false) }
        dirty = true
    }
}
