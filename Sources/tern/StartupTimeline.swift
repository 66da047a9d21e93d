import Logging

/// How long each step of start-up took, logged once when the first frame with posts is on the terminal:
/// start-up speed is a feature, and a slow step on someone's machine should be visible in the log.
struct StartupTimeline {
    /// When this timeline began (`main`, for `tern`'s own); the loader's work before it is not seen from inside.
    private let began = ContinuousClock.now
    private var last: ContinuousClock.Instant
    private var steps: [(String, Duration)] = []

    init() { last = began }

    /// Ends the step called `name`.
    mutating func mark(_ name: String) {
        let now = ContinuousClock.now
        steps.append((name, now - last))
        last = now
    }

    func log(to logger: Logger) {
        var metadata: Logger.Metadata = [:]
        for (name, d) in steps { metadata[name] = "\(Self.ms(d))" }
        logger.info("first frame", metadata: metadata.merging(["ms in all": "\(Self.ms(ContinuousClock.now - began))"]) { a, _ in a })
    }

    private static func ms(_ d: Duration) -> String {
        let (s, atto) = d.components
        return String(Double(s) * 1000 + Double(atto) / 1e15)
    }
}
