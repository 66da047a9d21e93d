import AsyncHTTPClient
import Logging

/// Lets go of a command's HTTP client when the command is done with it. A failure changes nothing for the
/// user (the connections close with the process) and is logged for a maintainer: a client shut down twice,
/// or one whose connections would not close, is Tern's mistake.
func shutDown(_ http: HTTPClient, logger: Logger = Logger(label: "tern.http")) async {
    do { try await http.shutdown() } catch { uncleanShutdown(error, logger) }
}

/// The same for synchronous work running in a task (opening a session off the main thread), which must not
/// wait on another task: it shuts the client down on its own thread.
func shutDownHere(_ http: HTTPClient, logger: Logger = Logger(label: "tern.http")) {
    do { try http.syncShutdown() } catch { uncleanShutdown(error, logger) }
}

private func uncleanShutdown(_ error: Error, _ logger: Logger) {
    logger.notice("an HTTP client did not shut down cleanly", metadata: ["error": "\(error)"])
}
