import Foundation
import TernFeed
import TernModel
import TernTerminal
@testable import TernUI
import XCTest

/// `x`, `w`, `a`, `e` and `D` on the list: what each asks for, for someone else's post, one's own, a
/// boost, and a profile that is muted.
final class PostMenuTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let ada = Account(id: "1", acct: "ada", displayName: "Ada")
    let me = Account(id: "42", acct: "me", displayName: "Me")

    func env(_ rows: [FeedRow]) -> LayerEnv {
        var e = LayerEnv(rows: 30, columns: 100, now: now, renderer: FrameRenderer(theme: .builtIn))
        e.ownAccountID = me.id
        e.ownAcct = me.acct
        return e
    }

    func post(_ id: String, by a: Account, boostedBy: Account? = nil) -> Post {
        var p = Post(id: id, statusID: id, account: a, createdAt: now, content: StyledText(plain: "words"))
        p.boostedBy = boostedBy
        return p
    }

    /// The top layer's menu after a key on the first row.
    func menu(after key: Key, _ rows: [FeedRow]) -> (stack: LayerStack, effects: [Effect]) {
        let e = env(rows)
        var stack = LayerStack(root: .home)
        stack.show(FeedSnapshot(version: 1, feed: .timeline(.home), rows: rows), e)
        _ = stack.apply(stack.settle(e))
        let effects = stack.apply(stack.key(key, e))
        return (stack, effects)
    }

    func labels(_ stack: LayerStack) -> [String] { (stack.top as? ChoiceLayer)?.items.map(\.label) ?? [] }

    func testSomeoneElsesPostOffersMuteBlockBoostsAndNotInterested() {
        let p = post("p1", by: ada)
        let (stack, _) = menu(after: .character("x"), [.post(p)])
        XCTAssertEqual(labels(stack), ["Mute @ada…", "Block @ada…", "Lists with @ada…", "Hide or show boosts from @ada",
                                       "Mute this conversation (no notifications from it)",
                                       "Not interested in this post (hide it here)", "Report @ada and this post…",
                                       "Yours: muted and blocked, filters, requests…"])
        var s = stack
        let e = env([.post(p)])
        // Mute asks how long; the last choice is for good.
        _ = s.apply(s.key(.character("1"), e))
        XCTAssertEqual(labels(s).last, "Mute @ada until I unmute")
        XCTAssertEqual(s.apply(s.key(.character("2"), e)), [.account(.mute, ada, wanted: true, current: false, muteSeconds: 86_400)])
        // The report is of the author, with the post; its box reads the server's rules as it opens.
        var reporting = stack
        XCTAssertEqual(reporting.apply(reporting.key(.character("7"), env([.post(p)]))), [.loadRules])
        XCTAssertEqual((reporting.top as? ReportLayer)?.report, Report(accountID: ada.id, acct: "ada", statusIDs: [p.statusID]))
    }

    func testOwnPostOffersEditAndDeleteAndNoMute() {
        let p = post("p2", by: me)
        let (stack, _) = menu(after: .character("x"), [.post(p)])
        XCTAssertEqual(labels(stack), ["Edit this post", "Delete this post…", "Pin to your profile",
                                       "Mute this conversation (no notifications from it)", "Not interested in this post (hide it here)",
                                       "Yours: muted and blocked, filters, requests…"])
        var s = stack
        XCTAssertEqual(s.apply(s.key(.character("3"), env([.post(p)]))), [.feed(.timeline(.home), .setMark(.pin, postID: p.id, wanted: true))])
        var pinned = p
        (pinned.pinned, pinned.threadMuted) = (true, true)
        XCTAssertEqual(labels(menu(after: .character("x"), [.post(pinned)]).stack)[2...3],
                       ["Unpin from your profile", "Unmute this conversation"])
        XCTAssertEqual(menu(after: .character("e"), [.post(p)]).effects, [.compose(.edit(p))])
        let (deleting, _) = menu(after: .character("D"), [.post(p)])
        XCTAssertTrue(deleting.top is ConfirmLayer)
        // Someone else's post can't be edited.
        let theirs = menu(after: .character("e"), [.post(post("p3", by: ada))]).effects
        XCTAssertEqual(theirs, [.say("Only your own posts can be edited.", error: true)])
    }

    /// Whom the user muted or blocked was nowhere to be found again (issue 35): the menu asks the server,
    /// lists them, and choosing one lifts it as an action.
    func testThePeopleMutedAndBlockedCanBeFoundAndLifted() {
        let (stack, _) = menu(after: .character("x"), [.post(post("p1", by: ada))])
        var s = stack
        let e = env([.post(post("p1", by: ada))])
        _ = s.apply(s.key(.character("8"), e))
        XCTAssertEqual(labels(s), ["People you mute or block…", "Your filters…", "Follow requests…", "Filtered notifications…",
                                   "Scheduled posts…"])
        XCTAssertEqual(s.apply(s.key(.character("1"), e)), [.silencedPeople])
        let bo = Account(id: "7", acct: "bo", displayName: "Bo")
        var listed = LayerStack(root: .home)
        _ = listed.apply(SilencedMenu.menu(muted: [ada], blocked: [bo]))
        XCTAssertEqual(labels(listed), ["Unmute @ada", "Unblock @bo"])
        XCTAssertEqual(listed.apply(listed.key(.character("2"), e)), [.account(.block, bo, wanted: false, current: true, muteSeconds: nil)])
        XCTAssertEqual(SilencedMenu.menu(muted: [], blocked: []), [.say("You mute and block no one.", error: false)])
    }

    func testABoostOffersTheBoostersBoostsAndTheAuthor() {
        let bo = Account(id: "7", acct: "bo", displayName: "Bo")
        let p = post("p4", by: ada, boostedBy: bo)
        let (stack, _) = menu(after: .character("x"), [.post(p)])
        XCTAssertEqual(labels(stack), ["@bo, who boosted it: mute, block, lists, their boosts…", "Mute @ada…", "Block @ada…", "Lists with @ada…",
                                       "Mute this conversation (no notifications from it)",
                                       "Not interested in this post (hide it here)", "Report @ada and this post…",
                                       "Yours: muted and blocked, filters, requests…"])
        XCTAssertLessThanOrEqual(labels(stack).count, 9, "every item has a digit")
        var booster = stack
        _ = booster.apply(booster.key(.character("1"), env([.post(p)])))
        XCTAssertEqual(labels(booster), ["Mute @bo…", "Block @bo…", "Lists with @bo…", "Hide or show boosts from @bo"])
    }

    func testAMutedProfileOffersUnmute() {
        let rows: [FeedRow] = [.profile(Profile(account: ada), Relationship(muting: true, blocking: true), followPending: false)]
        let (stack, _) = menu(after: .character("x"), rows)
        XCTAssertEqual(Array(labels(stack).prefix(2)), ["Unmute @ada", "Unblock @ada"])
    }

    /// `x` on someone asking to follow (a notification with no post) is about that person: it was titled
    /// "This post", with nothing about anyone in it (a new user's find).
    func testAFollowRequestsMenuIsAboutThePersonAsking() {
        let group = NotificationGroup(id: "7", kind: .followRequest, accounts: [ada], count: 1, newestID: "7", oldestID: "7",
                                      latestAt: now, post: nil)
        let (stack, _) = menu(after: .character("x"), [.notification(group)])
        XCTAssertEqual((stack.top as? ChoiceLayer)?.title, "What to do")
        XCTAssertTrue(labels(stack).contains("Block @ada…"), "\(labels(stack))")
        XCTAssertFalse(labels(stack).contains { $0.contains("this post") }, "\(labels(stack))")
    }

    func testWriteAndReplyOpenCompose() {
        let p = post("p5", by: ada)
        XCTAssertEqual(menu(after: .character("w"), [.post(p)]).effects, [.compose(.new)])
        XCTAssertEqual(menu(after: .character("a"), [.post(p)]).effects, [.compose(.reply(p))])
    }

    /// `L`: the post's addresses, numbered, each once; a digit opens one.
    func testLListsThePostsLinksAndADigitOpensOne() {
        var p = post("p1", by: ada)
        p.content = StyledText(paragraphs: [[[StyledText.Run("see "), StyledText.Run("this", style: .link("https://a.example/x")),
                                              StyledText.Run(" #tern", style: .hashtag("https://ex.social/tags/tern")),
                                              StyledText.Run(" again", style: .link("https://a.example/x"))]]])
        p.url = "https://ex.social/@ada/1"
        var (stack, _) = menu(after: .character("L"), [.post(p)])
        XCTAssertEqual(labels(stack), ["https://a.example/x", "https://ex.social/tags/tern", "https://ex.social/@ada/1"])
        XCTAssertEqual(stack.apply(stack.key(.character("2"), env([.post(p)]))), [.openURL("https://ex.social/tags/tern")])
        let (plain, effects) = menu(after: .character("L"), [.post(post("p2", by: ada))])
        XCTAssertTrue(plain.top is FeedLayer)
        XCTAssertEqual(effects, [.say("This post has no links", error: false)])
    }

    /// "Lists with @ada…": each list with her in it or not, Enter changing that, and a new list with her.
    func testAnAccountIsPutInAListOrTakenOutOrANewListMadeWithIt() {
        let friends = ListInfo(id: "1", title: "Friends"), work = ListInfo(id: "2", title: "Work")
        let (stack, _) = menu(after: .character("x"), [.post(post("p1", by: ada))])
        var s = stack
        XCTAssertEqual(s.apply(s.key(.character("3"), env([.post(post("p1", by: ada))]))), [.listsOf(ada)])
        var listed = LayerStack(root: .home)
        _ = listed.apply(ListMenus.membershipMenu(ada, [friends, work], ["2"]))
        XCTAssertEqual(labels(listed), ["  Friends", "✓ Work  (Enter takes @ada out)", "  New list with @ada…"])
        let e = env([])
        var taking = listed
        XCTAssertEqual(taking.apply(taking.key(.character("2"), e)), [.setListMember(work, ada, false)])
        _ = listed.apply(listed.key(.character("3"), e))
        XCTAssertTrue(listed.top is PromptLayer)
        for c in "Harbour" { _ = listed.apply(listed.key(.character(c), e)) }
        XCTAssertEqual(listed.apply(listed.key(.enter, e)), [.createList(title: "Harbour", member: ada)])
    }

    /// A list's settings: renaming, whose replies, exclusive, deleting (asked first).
    func testAListsSettingsOfferWhatTheServerSaid() {
        let list = ListInfo(id: "1", title: "Friends", repliesPolicy: .list, exclusive: false)
        var s = LayerStack(root: .home)
        _ = s.apply(ListMenus.settings(list))
        XCTAssertEqual(labels(s), ["Rename…", "Shows replies to the list's members…",
                                   "Not exclusive: its posts are in Home too (Enter: only here)", "Delete this list…", "New list…"])
        let e = env([])
        var toggling = s
        XCTAssertEqual(toggling.apply(toggling.key(.character("3"), e)), [.changeList(list, .exclusive(true))])
        _ = s.apply(s.key(.character("4"), e))
        XCTAssertTrue(s.top is ConfirmLayer)
        XCTAssertEqual(s.apply(s.key(.character("y"), e)), [.deleteList(list), .feed(.timeline(.home), .start)], "and home is shown")
        // A server that says nothing of replies or exclusivity offers neither.
        var bare = LayerStack(root: .home)
        _ = bare.apply(ListMenus.settings(ListInfo(id: "9", title: "Old")))
        XCTAssertEqual(labels(bare), ["Rename…", "Delete this list…", "New list…"])
    }

    /// "Your filters…": each filter opens its settings; a word removed, a place turned off, what it does
    /// switched, an end set, each as one change; a new filter from its first word.
    func testAFiltersSettingsChangeOneThingEach() {
        let garden = FilterInfo.Word(id: "w1", word: "garden")
        let f = FilterInfo(id: "f1", title: "Gardens", words: [garden], contexts: Set(FilterInfo.Context.allCases), action: .warn)
        var s = LayerStack(root: .home)
        _ = s.apply(FilterMenus.all([f]))
        XCTAssertEqual(labels(s), ["Gardens: 1 word, everywhere…", "New filter…"])
        let e = env([])
        _ = s.apply(s.key(.character("1"), e))
        XCTAssertEqual(labels(s), ["Rename…", "Words: garden…", "It puts posts behind a warning (Enter: it hides posts)",
                                   "Applies everywhere…", "Never ends…", "Delete this filter…"])
        var acting = s
        XCTAssertEqual(acting.apply(acting.key(.character("3"), e)), [.changeFilter(f, .action(.hide))])
        var placing = s
        _ = placing.apply(placing.key(.character("4"), e))
        XCTAssertEqual(placing.apply(placing.key(.character("2"), e)),
                       [.changeFilter(f, .contexts(Set(FilterInfo.Context.allCases).subtracting([.notifications])))])
        var wording = s
        _ = wording.apply(wording.key(.character("2"), e))
        XCTAssertEqual(wording.apply(wording.key(.character("1"), e)), [.changeFilter(f, .removeWord(garden))])
        var ending = s
        _ = ending.apply(ending.key(.character("5"), e))
        XCTAssertEqual(ending.apply(ending.key(.character("3"), e)), [.changeFilter(f, .expiresIn(86_400))])
        var making = LayerStack(root: .home)
        _ = making.apply(FilterMenus.all([]))
        _ = making.apply(making.key(.character("1"), e))
        for c in "lantern" { _ = making.apply(making.key(.character(c), e)) }
        XCTAssertEqual(making.apply(making.key(.enter, e)), [.createFilter(word: "lantern")])
        XCTAssertEqual(FilterMenus.end(of: FilterInfo(id: "f", title: "t", words: [], contexts: [], action: .hide,
                                                    expiresAt: Date(timeIntervalSince1970: 1_000 + 7_200)),
                                     now: Date(timeIntervalSince1970: 1_000)), "Ends in 2h")
    }
}

/// A menu longer than the screen shows a window of it that follows the selection, saying how many more
/// are above and below; a short one shows whole.
final class LongMenuTests: XCTestCase {
    func testALongMenuShowsAWindowAroundTheSelection() {
        var menu = ChoiceLayer(title: "Many", items: (1...40).map { Choice(label: "item \($0)", effects: []) })
        let env = LayerEnv(rows: 24, columns: 80, now: Date(), renderer: FrameRenderer(theme: .builtIn))
        XCTAssertEqual(menu.window(rows: 24), 0..<17, "19 rows for items, two of them for the more-lines")
        for _ in 0..<30 { _ = menu.update(.character("j"), env) }
        XCTAssertEqual(menu.selected, 30)
        let shown = menu.window(rows: 24)
        XCTAssertTrue(shown.contains(30), "\(shown)")
        XCTAssertEqual(shown.count, 17)
        for _ in 0..<20 { _ = menu.update(.character("j"), env) }
        XCTAssertEqual(menu.window(rows: 24), 23..<40, "the end in view at the last item")
        XCTAssertEqual(ChoiceLayer(title: "Few", items: [Choice(label: "a", effects: [])]).window(rows: 24), 0..<1)
        XCTAssertEqual(menu.window(rows: 3).count, 1, "a tiny screen still shows the selected item")
    }
}
