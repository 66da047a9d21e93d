import ArgumentParser

/// `tern-bench`: Tern's benchmarks, printed as tables (or JSON lines with `--json`).
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tern-bench", abstract: "Tern's benchmarks.", subcommands: [RenderBench.self, LiveBench.self, ComposeBench.self, ImagesBench.self, MemoryBench.self, StartupBench.self, KeysBench.self, FeedsBench.self, ChaosBench.self, SoakBench.self, ModelBench.self, ServeDemo.self, StoreWriter.self, CatchUpBench.self])
}

/// Options every benchmark shares.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per line ({\"name\", \"value\", \"unit\"}) instead of a table.")
    var json = false
}

/// One measured figure.
struct Figure {
    var name: String
    var value: Double
    var unit: String
}

/// Prints figures as a table or as JSON lines.
enum Report {
    static func print(_ title: String, _ figures: [Figure], json: Bool) {
        if json {
            for f in figures {
                let value = f.value.isFinite ? String(format: "%.4f", f.value) : "null"
                Swift.print("{\"name\": \"\(f.name)\", \"value\": \(value), \"unit\": \"\(f.unit)\"}")
            }
            return
        }
        let width = max(10, figures.map(\.name.count).max() ?? 0)
        Swift.print(title)
        Swift.print(String(repeating: "-", count: width + 22))
        for f in figures {
            let padded = f.name.padding(toLength: width, withPad: " ", startingAt: 0)
            Swift.print("\(padded)  \(String(format: "%12.3f", f.value))  \(f.unit)")
        }
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let s = xs.sorted()
        guard !s.isEmpty else { return .nan }
        return s[min(s.count - 1, Int(Double(s.count - 1) * p))]
    }
}
