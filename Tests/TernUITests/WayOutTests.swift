import Foundation
import TernFeed
import TernImages
import TernModel
@testable import TernTerminal
@testable import TernUI
import XCTest

/// No screen, overlay or pending answer takes keys without saying how to leave it (issue 45: `T` left a box
/// that took `j`, `space`, `?`, `Enter` and `q` silently until `Esc`, which nothing on screen mentioned).
/// Every kind of layer a push makes, on a list, at 80×24 and 150×40: what it draws names the key that leaves
/// it, `Esc` leaves it, and `q` does what the help says there (quits, closes, or is typed where text is typed).
/// One rule for `q`: it closes whatever is over a list and quits only from a list with nothing over it (it
/// quit from the help and the large view, and closed the picker).
final class WayOutTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func post(_ n: Int) -> Post {
        var p = Post(id: "p\(n)", statusID: "p\(n)", account: Account(id: "a\(n)", acct: "user\(n)", displayName: "User \(n)"),
                     createdAt: now.addingTimeInterval(Double(-n * 60)), content: StyledText(plain: "猫が窓辺で寝ている。 Post \(n)."),
                     media: [MediaAttachment(id: "m\(n)", kind: .image, url: "https://x/\(n).png", previewURL: "https://x/\(n)s.png",
                                             previewWidth: 400, previewHeight: 300)])
        p.poll = Poll(options: [.init(title: "tea", votes: 1), .init(title: "coffee", votes: 2)], votes: 3,
                      expiresAt: now.addingTimeInterval(3_600), expired: false, ownVotes: [], id: "poll\(n)", multiple: false, voted: false)
        return p
    }

    /// What `q` does on a layer, as the help and the README say.
    private enum Q { case quits, closes, typed }

    /// A layer of each kind, what its screen must show to say how to leave, and what `q` does there. The
    /// switch names every kind, so a new one can't be added without saying how it is left.
    private func cases(_ posts: [Post]) -> [(spec: LayerSpec, wayOut: String, q: Q)] {
        let image = LargeImage(request: ThumbnailRequest(url: "https://x/0.png", columns: 76, rows: 19), caption: "a cat asleep",
                               blurhash: nil, aspect: 4.0 / 3.0)
        let specs: [LayerSpec] = [
            .feed(.thread(rootID: posts[1].id, seed: posts[1])), .help, .picker(TimelinePicker(current: .home, author: posts[0].account, lists: [])),
            .search, .gallery([image, image], start: 0),
            .choice(title: "Whose profile?", items: [Choice(label: "@user0 (author)", effects: []), Choice(label: "@user1", effects: [])]),
            .confirm(question: "Delete this post of yours? It can't be undone.", yes: []), .poll(posts[0]), .translation(posts[0]),
            .report(Report(accountID: "a0", acct: "user0", statusIDs: ["p0"])), .compose(Draft(id: "d", text: "hello"), context: nil),
            .grid(.timeline(.home), selecting: nil), .article(posts[0]), .prompt(.newFilter), .catchUp, .catchUpAcross, .screenHelp(CatchUpLayer.helpLines),
        ]
        return specs.map { spec in
            switch spec {
            case .feed: return (spec, "esc back", .quits)
            case .help, .screenHelp: return (spec, "esc or q closes", .closes)
            case .picker: return (spec, "esc closes", .closes)
            case .search: return (spec, "esc cancels", .typed)
            case .gallery: return (spec, "esc closes", .closes)
            case .choice: return (spec, "esc closes", .closes)
            case .confirm: return (spec, "y/n", .closes)
            case .poll: return (spec, "esc: not now", .closes)
            case .translation: return (spec, "esc closes", .closes)
            case .report: return (spec, "esc cancels", .closes)
            case .compose: return (spec, "esc keep draft", .typed)
            case .grid: return (spec, "esc list", .quits)
            case .article: return (spec, "esc back", .quits)
            case .prompt: return (spec, "esc", .typed)
            // A screen over the list that reads no typing: `q` goes back, as Esc does.
            case .catchUp, .catchUpAcross: return (spec, "esc back", .closes)
            }
        }
    }

    private func text(_ screen: Screen) -> String {
        (0..<screen.frame.rows).map { screen.frame.text(row: $0) }.joined(separator: "\n")
    }

    func testEveryLayerNamesItsWayOutAndEscAndQDoWhatTheHelpSays() throws {
        let posts = (0..<12).map(post)
        // One of each kind (the switch in `cases` names them all: 17 now).
        let kinds = Set(cases(posts).map { String(describing: $0.spec).prefix { $0 != "(" } })
        XCTAssertEqual(kinds.count, 17, "a kind of layer is not walked: \(kinds.sorted())")
        for (rows, columns) in [(24, 80), (40, 150)] {
            let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (rows, columns))
            defer { screen.close() }
            let env = LayerEnv(rows: rows, columns: columns, now: now, renderer: FrameRenderer(theme: .builtIn))
            for (spec, wayOut, q) in cases(posts) {
                func pushed() -> LayerStack {
                    var stack = LayerStack(root: .home)
                    stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), env)
                    _ = stack.apply(stack.settle(env))
                    _ = stack.apply([.push(spec)])
                    // What the layer waits for has not come: it must say how to leave while it waits too.
                    _ = stack.apply(stack.settle(env))
                    return stack
                }
                let name = "\(columns)×\(rows), \(String(describing: spec).prefix(40))"
                var stack = pushed()
                XCTAssertEqual(stack.layers.count, 2, name)
                // An overlay says so itself: the list's title bar under it ("esc back") is not its way out.
                if stack.top.isOverlay {
                    screen.erase()
                    stack.top.render(env, on: screen)
                } else {
                    stack.render(env, on: screen)
                }
                let shown = text(screen)
                XCTAssertTrue(shown.lowercased().contains(wayOut), "\(name): nothing on screen says \"\(wayOut)\":\n\(shown)")
                // The rule itself, for any kind added later: over a list, `q` never quits.
                if stack.top.isOverlay { XCTAssertNotEqual(q, .quits, "\(name): q quits from an overlay") }

                _ = stack.apply(stack.key(.escape, env))
                XCTAssertEqual(stack.layers.count, 1, "\(name): Esc did not leave it")

                stack = pushed()
                let effects = stack.apply(stack.key(.character("q"), env))
                switch q {
                case .quits:
                    XCTAssertTrue(effects.contains(.quit), "\(name): q did not quit: \(effects)")
                case .closes:
                    XCTAssertEqual(stack.layers.count, 1, "\(name): q did not close it")
                    XCTAssertFalse(effects.contains(.quit), "\(name): q quit")
                case .typed:
                    XCTAssertEqual(stack.layers.count, 2, "\(name): q closed a line being typed")
                    XCTAssertFalse(effects.contains(.quit), "\(name): q quit while text was typed")
                }
            }
        }
    }

    /// The translation's box is a view over the post: a key that is not its own closes it and goes on to the
    /// list, rather than being taken silently.
    func testTheTranslationsBoxTakesNoKeySilently() {
        let env = LayerEnv(rows: 40, columns: 150, now: now, renderer: FrameRenderer(theme: .builtIn))
        let posts = (0..<12).map(post)
        func translating() -> LayerStack {
            var stack = LayerStack(root: .home)
            stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), env)
            _ = stack.apply(stack.settle(env))
            XCTAssertEqual(stack.apply(stack.key(.character("T"), env)), [.translate(posts[0])])
            XCTAssertTrue(stack.top is TranslationLayer)
            return stack
        }
        var stack = translating()
        _ = stack.apply(stack.key(.character("j"), env))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p1", "j closed the box and moved on")
        stack = translating()
        _ = stack.apply(stack.key(.character("?"), env))
        XCTAssertTrue(stack.top is HelpLayer, "? closed the box and showed the keys")
        stack = translating()
        XCTAssertEqual(stack.apply(stack.key(.enter, env)).first, .feed(FeedLayer.thread(of: posts[0]), .start),
                       "Enter opened the post")
        stack = translating()
        _ = stack.apply(stack.key(.character("T"), env))
        XCTAssertTrue(stack.top is FeedLayer, "T again shows the original")
        stack = translating()
        _ = stack.apply(stack.key(.paste("hello"), env))
        XCTAssertTrue(stack.top is TranslationLayer, "a paste is no key for the list: the box stays")
    }

    /// The keys' help and a short menu take no key of the list silently: `G` over the help closed it and did
    /// not jump, `n` over "Whose profile?" closed it and did not open the notifications. Their own keys,
    /// Esc and `q` stay theirs.
    func testTheHelpAndAMenuPassTheListsKeysOn() {
        let env = LayerEnv(rows: 40, columns: 150, now: now, renderer: FrameRenderer(theme: .builtIn))
        let posts = (0..<12).map(post)
        func over(_ layer: LayerSpec) -> LayerStack {
            var stack = LayerStack(root: .home)
            stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: posts)), env)
            _ = stack.apply(stack.settle(env))
            _ = stack.apply([.push(layer)])
            return stack
        }
        let help = LayerSpec.help
        let menu = LayerSpec.choice(title: "Whose profile?", items: [Choice(label: "@user0 (author)", effects: []),
                                                                     Choice(label: "@user1", effects: [])])
        var stack = over(help)
        XCTAssertTrue(stack.top is HelpLayer)
        _ = stack.apply(stack.key(.character("G"), env))
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "p11", "G over the help closed it and jumped to the end")
        stack = over(menu)
        _ = stack.apply(stack.key(.character("n"), env))
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, .notifications, "n over a menu opened the notifications")
        stack = over(menu)
        _ = stack.apply(stack.key(.character("j"), env))
        XCTAssertEqual((stack.top as? ChoiceLayer)?.selected, 1, "j is the menu's own")
        for key in [Key.character("q"), .escape] {
            stack = over(menu)
            XCTAssertEqual(stack.apply(stack.key(key, env)), [], "\(key) only closes the menu")
            XCTAssertTrue(stack.top is FeedLayer)
        }
    }

    /// The notifications opened again are where they were left: they opened at the top each time (a new
    /// user: `n j j j`, Esc, `n` came back at 1/30), against "each keeps its place".
    func testTheNotificationsOpenAgainWhereTheyWereLeft() {
        let env = LayerEnv(rows: 40, columns: 150, now: now, renderer: FrameRenderer(theme: .builtIn))
        let ada = Account(id: "ada", acct: "ada", displayName: "Ada")
        let groups = (0..<20).map { i in
            NotificationGroup(id: "n\(i)", kind: .follow, accounts: [ada], count: 1, newestID: "\(100 - i)", oldestID: "\(100 - i)",
                              latestAt: now, post: nil)
        }
        let snapshot = FeedSnapshot(version: 1, feed: .notifications, rows: groups.map(FeedRow.notification))
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: .home, posts: (0..<12).map(post))), env)
        _ = stack.apply(stack.settle(env))
        func open() {
            _ = stack.apply(stack.key(.character("n"), env))
            _ = stack.receive(.snapshot(snapshot), env)
            _ = stack.apply(stack.settle(env))
        }
        open()
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, "n:n0")
        for _ in 0..<3 { _ = stack.apply(stack.key(.character("j"), env)) }
        let left = (stack.top as? FeedLayer)?.viewport.selectedID
        XCTAssertEqual(left, "n:n3")
        _ = stack.apply(stack.key(.escape, env))
        XCTAssertEqual((stack.top as? FeedLayer)?.feed, .timeline(.home))
        open()
        XCTAssertEqual((stack.top as? FeedLayer)?.viewport.selectedID, left, "the notifications opened again at the top")
    }

    /// Esc on a timeline chosen with `t` goes back to the one it was chosen from, at its place, then to
    /// Home (the README: "Esc always goes back"); it did nothing and said nothing. The title bar says where.
    func testEscOnAChosenTimelineGoesBackToTheOneBeforeItAndTheTitleSaysWhere() throws {
        let env = LayerEnv(rows: 40, columns: 120, now: now, renderer: FrameRenderer(theme: .builtIn))
        let posts = (0..<20).map(post)
        func shown(_ t: TimelineID, _ stack: inout LayerStack) {
            stack.show(FeedSnapshot(TimelineSnapshot(version: 1, timeline: t, posts: posts)), env)
            _ = stack.apply(stack.settle(env))
        }
        func root(_ stack: LayerStack) -> FeedLayer? { stack.layers.first as? FeedLayer }
        var stack = LayerStack(root: .home)
        shown(.home, &stack)
        _ = stack.apply([.switchTimeline(.local)])
        shown(.local, &stack)
        for _ in 0..<3 { _ = stack.apply(stack.key(.character("j"), env)) }
        XCTAssertEqual(root(stack)?.viewport.selectedID, "p3")
        _ = stack.apply([.switchTimeline(.federated)])
        shown(.federated, &stack)

        let screen = try Screen(terminalType: "xterm-256color", output: "/dev/null", size: (40, 120))
        defer { screen.close() }
        stack.render(env, on: screen)
        XCTAssertTrue(screen.frame.text(row: 0).lowercased().contains("esc back to local"), screen.frame.text(row: 0))

        let back = stack.apply(stack.key(.escape, env))
        XCTAssertEqual(root(stack)?.opening, .timeline(.local), "Esc went nowhere")
        XCTAssertEqual(root(stack)?.viewport.selectedID, "p3", "at the post it was left on")
        XCTAssertTrue(back.contains(.feed(.timeline(.local), .start)), "\(back)")
        stack.render(env, on: screen)
        XCTAssertTrue(screen.frame.text(row: 0).lowercased().contains("esc back to home"), screen.frame.text(row: 0))

        _ = stack.apply(stack.key(.escape, env))
        XCTAssertEqual(root(stack)?.opening, .timeline(.home))
        // Home is where going back ends: Esc there changes nothing, and the title bar does not offer it.
        stack.render(env, on: screen)
        XCTAssertFalse(screen.frame.text(row: 0).lowercased().contains("esc"), "Home offers esc: \(screen.frame.text(row: 0))")
        XCTAssertTrue(screen.frame.text(row: 0).lowercased().contains("? help"), screen.frame.text(row: 0))
        _ = stack.apply(stack.key(.escape, env))
        XCTAssertEqual(root(stack)?.opening, .timeline(.home))
        XCTAssertEqual(stack.layers.count, 1)
        // A thread over Home goes back to it: there the title bar says so.
        _ = stack.apply([.push(.feed(.thread(rootID: "p1", seed: posts[1])))])
        stack.render(env, on: screen)
        XCTAssertTrue(screen.frame.text(row: 0).lowercased().contains("esc back"), screen.frame.text(row: 0))
    }
}
