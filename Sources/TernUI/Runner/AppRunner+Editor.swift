import Foundation
import TernModel

/// `Ctrl-E` in the compose screen: the terminal is the editor's until it exits.
extension AppRunner {
    /// The text comes back to the compose screen; a failure to start the editor is said.
    func editExternally(_ text: String, in s: AccountSession) {
        screen.suspend()
        let result = ExternalEditor.edit(text)
        screen.resume(mouse: settings.mouse)
        pictures.takeBack()
        switch result {
        case .success(let edited): perform(s.stack.updateTop(ComposeLayer.self) { $0.replaceText(edited) }, in: s)
        case .failure(let why): show(why.description, error: true, from: s)
        }
    }
}
