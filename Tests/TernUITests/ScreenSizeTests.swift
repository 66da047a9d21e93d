import Foundation
import TernFeed
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// Every screen at every size: seeded random sizes from 1×1 to 400×200, resized between frames, with
/// every kind of layer on the stack and keys pressed in between. A size a screen cannot handle traps
/// (the test process dies, with the seed printed first); the frames must also never draw past the edge.
final class ScreenSizeTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func post(_ n: Int) -> Post {
        let author = Account(id: "a\(n % 3)", acct: "user\(n % 3)@example.social", displayName: "Ünïcode 名前 \(n % 3) 👩‍👩‍👧")
        return Post(id: "p\(n)", statusID: "p\(n)", account: author, createdAt: now.addingTimeInterval(Double(-n * 600)),
                    content: StyledText(plain: String(repeating: "Words of post \(n), wrapped at any width; 漢字も. ", count: 1 + n % 4)),
                    spoilerText: n % 5 == 2 ? "a warning" : "",
                    media: (0..<(n % 3)).map { MediaAttachment(id: "m\(n)-\($0)", kind: .image, url: "https://x/\(n)-\($0).png",
                                                               previewURL: "https://x/\(n)-\($0)s.png", previewWidth: 400, previewHeight: 300) },
                    favouritesCount: n)
    }

    /// The layers a user can have on the stack, each pushed the way the app pushes it.
    func pushes(_ posts: [Post]) -> [LayerSpec] {
        let image = LargeImage(request: ThumbnailRequest(url: "https://x/0-0.png", columns: 80, rows: 30), caption: "alt text here",
                               blurhash: nil, aspect: 4.0 / 3.0)
        var draft = Draft(id: "d", text: "A draft with a few words in it, long enough to wrap on a narrow screen.", spoiler: "cw")
        draft.poll = DraftPoll(options: ["yes", "no"])
        draft.attachments = [DraftAttachment(path: "/tmp/picture.png", description: "a picture")]
        return [.help, .search, .picker(TimelinePicker(current: .home, author: posts[0].account, lists: [])),
                .choice(title: "Open whose profile?", items: [Choice(label: "@user0@example.social", effects: []),
                                                              Choice(label: "@user1", effects: [])]),
                .confirm(question: "Delete this post?", yes: []),
                .compose(draft, context: posts[1]),
                .grid(.timeline(.home), selecting: nil),
                .gallery([image, image], start: 0),
                .feed(.thread(rootID: posts[2].id, seed: posts[2]))]
    }

    func testEverySizeFrom1x1To400x200DrawsWithoutTrapping() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["TERN_TEST_SEED"] ?? "") ?? 2811
        // A trap ends the process before any assertion could report: the seed goes out first.
        FileHandle.standardError.write(Data("ScreenSizeTests seed \(seed) (TERN_TEST_SEED to repeat)\n".utf8))
        var random = SeededRandom(seed: seed)
        let posts = (0..<40).map(post)
        let renderer = FrameRenderer(theme: .builtIn)
        var feeds: [FeedID: FeedSnapshot] = [:]
        feeds[.timeline(.home)] = FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts))
        feeds[.thread(rootID: posts[2].id)] = FeedSnapshot(version: 1, feed: .thread(rootID: posts[2].id),
                                                          rows: posts[2...8].map { FeedRow.post($0) })
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        var stack = LayerStack(root: .home)
        let specs = pushes(posts)
        let keys: [Key] = [.character("j"), .character("k"), .character(" "), .character("G"), .character("g"), .character("c"),
                           .down, .up, .right, .left, .pageDown, .tab, .character("a"), .backspace]
        for step in 0..<600 {
            let small = random.next() % 3 == 0
            let rows = small ? Int(random.next() % 8) + 1 : Int(random.next() % 200) + 1
            let columns = small ? Int(random.next() % 30) + 1 : Int(random.next() % 400) + 1
            screen.resize(rows: rows, columns: columns)
            XCTAssertEqual(screen.rows, rows)
            XCTAssertEqual(screen.columns, columns)
            var env = LayerEnv(rows: rows, columns: columns, now: now, renderer: renderer)
            env.sessionTitle = "demo at 127.0.0.1:8080"
            renderer.invalidateLayouts()
            // As the runner does: a list (re)opened shows its engine's latest snapshot.
            func deliver(_ effects: [Effect]) {
                for case .feed(let opening, .start) in effects { if let s = feeds[opening.id] { stack.show(s, env) } }
            }
            if step == 0 { stack.show(feeds[.timeline(.home)]!, env) }
            switch random.next() % 4 {
            case 0 where stack.layers.count < 4:
                deliver(stack.apply([.push(specs[Int(random.next() % UInt64(specs.count))])]))
            case 1 where stack.layers.count > 1:
                _ = stack.apply([.pop])
            default:
                deliver(stack.apply(stack.key(keys[Int(random.next() % UInt64(keys.count))], env)))
            }
            _ = stack.apply(stack.settle(env))
            stack.render(env, on: screen)
            XCTAssertTrue(screen.frame.rows == rows && screen.frame.columns == columns,
                          "seed \(seed), step \(step): a \(columns)×\(rows) screen drew a \(screen.frame.columns)×\(screen.frame.rows) frame")
            screen.update()
        }
    }

    /// Below the smallest useful size, the screen says so in the space it has, whatever is on the stack.
    func testATinyScreenSaysItIsTooSmall() throws {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (3, 10))
        defer { screen.close() }
        var stack = LayerStack(root: .home)
        _ = stack.apply([.push(.help)])
        stack.render(LayerEnv(rows: 3, columns: 10, now: now, renderer: FrameRenderer(theme: .builtIn)), on: screen)
        XCTAssertEqual(screen.frame.text(row: 0), "Terminal t")
        XCTAssertEqual(screen.frame.text(row: 1).trimmingCharacters(in: .whitespaces), "")
    }

    /// A box that nearly fills the width (the help at 80 columns) left a column or two of the list beside
    /// it: the ends of posts' times showed there, a stray "d" or "m" (issue 35). Its rows are the box's.
    func testABoxNearlyAsWideAsTheScreenLeavesNoEndsOfRowsBesideIt() throws {
        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (24, 80))
        defer { screen.close() }
        let posts = (0..<30).map(post)
        let env = LayerEnv(rows: 24, columns: 80, now: now, renderer: FrameRenderer(theme: .builtIn))
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), env)
        _ = stack.apply(stack.settle(env))
        stack.render(env, on: screen)
        let times = (1..<23).filter { screen.frame.text(row: $0).hasSuffix("m") || screen.frame.text(row: $0).hasSuffix("h") }
        XCTAssertFalse(times.isEmpty, "the list shows no times at the right edge to be covered")
        _ = stack.apply([.push(.help)])
        stack.render(env, on: screen)
        for row in times {
            let text = screen.frame.text(row: row)
            XCTAssertFalse(text.hasSuffix("m") || text.hasSuffix("h"), "row \(row) ends with the list's time: \(text)")
        }
    }

}
