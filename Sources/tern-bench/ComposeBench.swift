import ArgumentParser
import Foundation
import TernDemo
import TernFeed
import TernHTTP
import TernMastodon
import TernModel
import TernStore
import TernTerminal
import TernUI

/// Writing: what a keystroke costs in the compose screen as the text grows, how many store writes the
/// draft keeper makes of a fast paste, and how long a post takes from Ctrl-S to the server's answer.
struct ComposeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose", abstract: "Keystroke cost in the compose screen, draft writes per paste, post round trips.")

    @Option(help: "Characters typed into the compose screen.") var characters = 2_000
    @Option(help: "Posts sent through the outbox, plain and with a picture.") var posts = 10
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-bench-compose-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var figures: [Figure] = []

        // Keys: a mix of Latin, CJK and emoji with line breaks, drawn at 120×40 after each key.
        let screen = try Screen(terminalType: "xterm-256color", output: folder.appendingPathComponent("screen.out").path, size: (40, 120))
        let probe = ComposeProbe(screen: screen)
        let sample = Array("The quick brown fox 跳过了懒狗 🦊🐕 and keeps on going, line after line.\n")
        var early: [Double] = [], late: [Double] = []
        for i in 0..<characters {
            let start = DispatchTime.now().uptimeNanoseconds
            probe.press(sample[i % sample.count])
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if i < 200 { early.append(ms) } else if i >= characters - 200 { late.append(ms) }
        }
        screen.close()
        figures += [
            Figure(name: "key + frame, first 200 characters, p50", value: Report.median(early), unit: "ms"),
            Figure(name: "key + frame, at \(characters) characters, p50", value: Report.median(late), unit: "ms"),
            Figure(name: "key + frame, at \(characters) characters, p99", value: Report.percentile(late, 0.99), unit: "ms"),
        ]

        // A paste: every key asks to keep the draft; the keeper folds what arrives during a write.
        let store = try Store(url: folder.appendingPathComponent("tern.sqlite"))
        let keeper = DraftKeeper(store: store.account("bench"))
        let pasteStart = DispatchTime.now().uptimeNanoseconds
        for d in probe.kept.prefix(1_000) { keeper.keep(d) }
        await keeper.flush()
        let pasteMs = Double(DispatchTime.now().uptimeNanoseconds - pasteStart) / 1e6
        figures += [
            Figure(name: "paste of 1,000 keys: store writes", value: Double(keeper.writes), unit: ""),
            Figure(name: "paste of 1,000 keys: until on disk", value: pasteMs, unit: "ms"),
        ]

        // Posts: Ctrl-S to the server's answer through the outbox, against the demo on loopback.
        var config = DemoConfig()
        config.mediaProcessingSeconds = 0
        let server = try await DemoServer.start(config)
        let http = HTTPFetch.makeClient()
        let client = MastodonClient(baseURL: URL(string: server.baseURL)!, token: "bench", http: http)
        let picture = folder.appendingPathComponent("picture.jpeg")
        try DemoServer.samplePicture(width: 1920, height: 1080, format: "jpeg").write(to: picture)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int) ?? 0
        for withPicture in [false, true] {
            var times: [Double] = []
            for n in 0..<posts {
                let outbox = Outbox(store: store.account("bench"), client: client)
                var draft = Draft(id: "bench-\(withPicture)-\(n)", text: "Post \(n) from the benchmark 🐦")
                if withPicture { draft.attachments = [DraftAttachment(path: picture.path, description: "A test picture")] }
                let start = DispatchTime.now().uptimeNanoseconds
                try await outbox.send(draft)
                await outbox.sendPending()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                await outbox.stop()
            }
            let what = withPicture ? "post with a \(bytes / 1024) KB picture" : "post"
            figures.append(Figure(name: "\(what): to the server's answer, median", value: Report.median(times), unit: "ms"))
        }
        let written = await server.writtenPosts().count
        figures.append(Figure(name: "posts the server holds (of \(2 * posts) sent)", value: Double(written), unit: ""))
        try await http.shutdown()
        await server.stop()
        Report.print("compose: 120×40 compose screen, draft keeper on SQLite, outbox against the demo on loopback", figures, json: output.json)
    }
}
