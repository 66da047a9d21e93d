import Foundation
import Logging
import TernModel
import TernTerminal

/// What a browsing session runs with, as plain values: the parsed options' meaning, or the defaults when
/// `tern` is typed alone. The command-line definitions take their defaults from here, so both agree.
struct BrowseSettings: Equatable {
    /// `tern` with no arguments.
    static let standard = BrowseSettings()

    var account = AccountChoice()
    var timeline = "home"
    var offline = false
    /// Posts as plain text on standard output (`--plain`), not the full screen.
    var plain = false
    var view = ViewSettings()

    /// Plain text when asked, or when there is no full screen to draw: the output is no terminal (a pipe,
    /// a file), or the terminal can't place the cursor (`TERM=dumb`, emacs' shell).
    func plainOutput(outputIsTerminal: Bool, term: String?) -> Bool {
        plain || !outputIsTerminal || term == "dumb"
    }

    /// The same for this process: its standard output and `TERM`.
    var plainOutputHere: Bool {
        plainOutput(outputIsTerminal: isatty(1) == 1, term: ProcessInfo.processInfo.environment["TERM"])
    }
}

/// The options every browsing command shares (`ViewOptions`), as plain values.
struct ViewSettings: Equatable {
    static let standard = ViewSettings()

    var theme: String?
    var prefetch: Int?
    var poll: Double?
    var noStream = false
    var images: ImagesOption?
    var colors: ColorChoice?
    var lowData = false
    var pageSize = 20
    var logLevel: Logger.Level = .info
}

/// `--images`: a graphics mode, or auto.
enum ImagesOption: Equatable {
    case auto
    case mode(GraphicsMode)

    init?(argument: String) {
        if argument == "auto" { self = .auto } else if let m = GraphicsMode(rawValue: argument) { self = .mode(m) } else { return nil }
    }

    static var allValueStrings: [String] { ["auto"] + GraphicsMode.allCases.map(\.rawValue) }

    /// The mode asked for; nil for auto.
    var requested: GraphicsMode? {
        if case .mode(let m) = self { return m }
        return nil
    }
}
