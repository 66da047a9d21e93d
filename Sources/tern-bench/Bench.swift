import ArgumentParser

@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tern-bench", abstract: "Tern's benchmarks.",
                                                    subcommands: [])
    func run() throws { print("todo") }
}
