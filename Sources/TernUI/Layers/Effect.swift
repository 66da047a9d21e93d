import Foundation
import TernFeed
import TernImages
import TernModel
import TernStore

/// What a layer's update asks the world to do. Plain values: the runner carries them out, tests read them.
enum Effect: Equatable {
    /// Makes sure the engine behind a list runs (starting it the first time), then sends it a command.
    case feed(FeedOpening, FeedCommand)
    /// Changes the stack of layers.
    case push(LayerSpec)
    case pop
    /// Shows another timeline at the bottom of the stack (each keeps its own place).
    case switchTimeline(TimelineID)
    /// `c`: opens or closes a post's warning on every screen that shows it (`OpenedWarnings.key`).
    case toggleWarning(String)
    /// Pictures to load: those in view at once, the ones ahead early, `pinned` kept whatever scrolls.
    case thumbnails(ThumbnailDemand)
    /// Forgets the failures of these pictures and asks again.
    case retryImages([ThumbnailRequest])
    case loadLarge(ThumbnailRequest, blurhash: String?, aspect: Double?)
    case openURL(String)
    /// Hands a video's or a sound's address to the player (`$TERN_PLAYER`, else mpv).
    case play(String)
    /// Finds the account a mention links to, then opens its profile.
    case openMention(url: String)
    /// A pasted link to a post or profile (any server's): looked up through the user's server, then opened.
    case resolveLink(String)
    /// The user's lists, for the timeline picker.
    case fetchLists
    /// Read a file to attach (what it is, how big), off the loop; the answer is a `LayerMessage`.
    case inspectFile(typed: String, path: String)
    /// Complete a typed path from its folder, off the loop.
    case completePath(String)
    /// Show this account (by its stored name), opening it first if it isn't yet.
    case switchAccount(String)
    case say(String, error: Bool)
    /// What was said is no longer true (a refused file, once another is attached): it goes, if still shown.
    case unsay(String)
    /// Opens the compose screen: for a new post, a reply to a post, or an edit of one's own post (with
    /// the draft kept for it, if any).
    case compose(ComposeTarget)
    /// Keeps the draft in the store (an empty one is dropped).
    case keepDraft(Draft)
    /// Puts the draft in the outbox; it goes out when the server answers.
    case sendPost(Draft)
    /// Hands the text to `$VISUAL`/`$EDITOR` and gives the compose screen what comes back.
    case editExternally(String)
    /// Deletes one of the user's own posts on the server.
    case deletePost(Post)
    /// A vote in the post's poll: the options chosen, by index.
    case vote(Post, choices: [Int])
    /// A like, save or boost of a post shown by a screen with no list engine of its own (Catch-up's rows,
    /// which a list's engine may not hold in its window): straight to the action queue, as an engine sends it.
    case markPost(PendingAction.Kind, Post, wanted: Bool)
    /// The user's emoji reaction added to a post or taken back (`url`: a custom emoji's picture).
    case react(Post, emoji: String, url: String?, wanted: Bool)
    /// `+`: the reactions to choose from, the user's recent ones among them (`ReactionChoice`).
    case chooseReaction(Post)
    /// The server's custom emoji to react with, asked of the server once per run.
    case customEmojiReaction(Post)
    /// The server's rules, for a report (the answer goes to the report's layer).
    case loadRules
    /// Files a report with the server's moderators.
    case report(Report)
    /// Asks the server to translate the post (the answer goes to the translation's layer).
    case translate(Post)
    /// Follows, mutes (for so many seconds; nil: until undone) or blocks an account, or stops:
    /// journaled and sent like a like. `current` is the state as last known.
    case account(PendingAction.Kind, Account, wanted: Bool, current: Bool, muteSeconds: Int?)
    /// Hides an account's boosts, or shows them again (here only, never sent).
    case toggleBoosts(Account)
    /// Hides a post here ("not interested").
    case hidePost(Post)
    /// The people the user mutes or blocks, from the server, to lift either.
    case silencedPeople
    /// The accounts asking to follow the user, from the server, to accept or reject; `about`: only these
    /// (the people a notification names), else all.
    case followRequests(about: [Account] = [])
    /// Accepts or rejects one; sent at once and said done or not (either is the same when repeated).
    case answerFollowRequest(Account, accept: Bool)
    /// The notifications the server holds back (and its policy for them), to accept, dismiss or change.
    case notificationRequests
    case answerNotificationRequest(NotificationRequest, accept: Bool)
    case setNotificationPolicy(NotificationPolicy.Sender, NotificationPolicy.Rule)
    /// The user's lists, with those the account is in, to put it in or take it out.
    case listsOf(Account)
    /// A list's settings (name, replies, exclusive), asked of the server, to change or delete it.
    case listSettings(listID: String)
    case setListMember(ListInfo, Account, Bool)
    case changeList(ListInfo, ListChange)
    case deleteList(ListInfo)
    case createList(title: String, member: Account?)
    /// The user's keyword filters on the server, to change, delete or add to.
    case filters
    case changeFilter(FilterInfo, FilterChange)
    case deleteFilter(FilterInfo)
    case createFilter(word: String)
    /// Candidates for the word being typed in a post (`@name`, `#tag`, `:emoji`); the answer is a `LayerMessage`.
    case completeWord(String)
    /// The posts the server holds to publish later, to move or cancel.
    case scheduledPosts
    /// The links shared most on the server, to open one.
    case trendingLinks
    case reschedule(ScheduledPost, to: Date)
    case cancelScheduled(ScheduledPost)
    /// Repaint every cell (Ctrl-L).
    case repaint
    /// Puts text on the clipboard of the machine the user sits at; `what` names it for the status line.
    case copy(String, what: String)
    /// The shown list selects this post (coming back from its grid).
    case focusPost(String)
    /// The web feeds' lists and unread counts, for the picker.
    case fetchWebFeedLists
    /// Every item of a feeds' list (by its store name) read.
    case markWebFeedsRead(String)
    /// A web feed's item's whole text, read from the store for its `ArticleLayer`.
    case loadArticle(String)
    /// Catch-up's window read from the store off the loop, for its `CatchUpLayer` (`LayerMessage.catchUp`).
    case loadCatchUp(CatchUpWindow)
    /// What a Catch-up screen was left showing, written to the store off the loop for the next run's `C`.
    case keepCatchUpChoices(CatchUpChoices)
    /// The same window read by every account open, each answering on its own (`LayerMessage.catchUpOf`), for a
    /// Catch-up across accounts.
    case loadCatchUpAcross(CatchUpWindow)
    /// Effects carried out by the account named, whichever is shown (a like from a Catch-up across accounts
    /// goes to the post's account's queue).
    case asAccount(String, [Effect])
    /// Esc while Catch-up's window is fetched: the fetch stops, and what the store holds is read.
    case stopCatchUpFetch
    /// Catch-up read (`x`): the read mark, the last catch-up and the server's home marker move to this post.
    case finishCatchUp(newestID: String)
    case quit
}

/// What a list needs to start its engine: the thread needs the post it opens at, a profile its account.
enum FeedOpening: Equatable {
    case timeline(TimelineID)
    case thread(rootID: String, seed: Post?)
    case notifications
    case profile(Account)
    case inbox

    var id: FeedID {
        switch self {
        case .timeline(let t): return .timeline(t)
        case .thread(let root, _): return .thread(rootID: root)
        case .notifications: return .notifications
        case .profile(let a): return .profile(accountID: a.id)
        case .inbox: return .inbox
        }
    }
}

/// What a compose screen writes.
enum ComposeTarget: Equatable {
    case new
    case reply(Post)
    case quote(Post)
    case edit(Post)
}

/// Layers a push can make.
enum LayerSpec: Equatable {
    case feed(FeedOpening)
    case help
    /// The help with a screen's own keys first (Catch-up's).
    case screenHelp([String])
    case picker(TimelinePicker)
    case search
    /// A post's pictures over the list, one at a time, from `start`.
    case gallery([LargeImage], start: Int)
    /// A short menu; each choice carries out its effects.
    case choice(title: String, items: [Choice])
    /// A yes/no question; yes carries out the effects.
    case confirm(question: String, yes: [Effect])
    /// A post's poll, to vote in.
    case poll(Post)
    /// A post translated by the server.
    case translation(Post)
    /// A report about an account (and a post of theirs), to fill in.
    case report(Report)
    /// The compose screen with its draft, below the post it answers or edits.
    case compose(Draft, context: Post?)
    /// A list's posts as a grid of pictures, starting at a post.
    case grid(FeedOpening, selecting: String?)
    /// A web feed's item, to read whole.
    case article(Post)
    /// A line of text asked for (a list's title).
    case prompt(Prompt)
    /// `C`: what came in since the read mark, ranked, from the store.
    case catchUp
    /// `C` from the inbox: the same across every account open.
    case catchUpAcross
}

/// One line of a menu and what choosing it does.
struct Choice: Equatable {
    var label: String
    var effects: [Effect]
}

/// The pictures a list wants now.
struct ThumbnailDemand: Equatable {
    /// Each row in view and its boxes: a row leaving the view cancels its requests.
    var visible: [RowMedia] = []
    var ahead: [MediaBox] = []
    var pinned: Set<ThumbnailRequest> = []
    /// With two panes, whether the left pane's list asked (nil: the one screen, or an overlay over both).
    var fromLeftPane: Bool?
}

struct RowMedia: Equatable {
    var id: String
    var boxes: [MediaBox]
}

/// A picture shown over the list (`v`).
struct LargeImage: Equatable {
    var request: ThumbnailRequest
    var caption: String
    var blurhash: String?
    var aspect: Double?
    /// A moving picture (a GIF, a gifv, a short video): `request` is its still, and this file moves where
    /// the terminal draws pixels; `p` hands it to the player.
    var moving: Moving?

    struct Moving: Equatable {
        var url: String
        var kind: MovingRequest.Kind
    }
}
