import TernModel
import TernTerminal

/// How the user set Tern up (the config and the command line), as the runner uses it.
package struct RunnerSettings {
    package var keymap = Keymap.standard
    /// Rows ahead of the view whose pictures load before they are reached.
    package var prefetchRows = 10
    package var pageSize = 20
    /// xterm mouse reporting.
    package var mouse = true
    package var confirmBoost = false
    /// `layout` in the config: one list, or a list and what it opened side by side.
    package var layout = PaneLayout.auto
    /// How `y` and `Y` copy (`copy` in the config).
    package var copyMode = CopyMode.osc52
    /// OSC 8 hyperlinks on links, mentions and hashtags: where the terminal is known to take them (`auto`).
    package var hyperlinks = Hyperlinks.Mode.auto
    /// How a mention, a direct message or a follow is announced while the terminal has not the focus.
    package var alerts = AlertSettings()
    /// Drafts are kept after Tern ends (the demo's go with its scratch store): what Ctrl-C while writing says.
    package var draftsOutliveSession = true
    /// Open the notifications over the timeline at the start (`--timeline notifications`).
    package var opensNotifications = false

    package init() {}

    /// What the layers see of the settings.
    func describe(_ e: inout LayerEnv) {
        e.keymap = keymap
        e.prefetchRows = max(0, prefetchRows)
        e.confirmBoost = confirmBoost
    }

    /// A runner drawing to /dev/null (tests, probes): no mouse reporting asked of a terminal that is not there.
    package static var noMouse: RunnerSettings {
        var settings = RunnerSettings()
        settings.mouse = false
        return settings
    }
}
