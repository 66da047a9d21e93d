import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// What every layer can see: the screen's size, the time, the keymap, the session's news (unread count,
/// limits, who the user is) and, for drawing, the pictures. A list's own snapshot is not here: it is sent
/// to the list (`LayerMessage.snapshot`). Layers never change it; the runner makes a new one each turn.
struct LayerEnv {
    var rows: Int
    var columns: Int
    var now: Date
    var keymap: Keymap = .standard
    /// Lays out rows (memoized); shared by update, which needs heights, and render.
    var renderer: FrameRenderer
    var images: [ThumbnailRequest: ImageState] = [:]
    /// The moving picture's frame shown now (the large view's), what it is of, and whether it can move here
    /// at all (nil frame: not yet, or never; `movingNote`: why not, in words).
    var movingFrame: ShownFrame?
    var movingNote: String?
    /// Large pictures downloading: bytes so far and in all.
    var progress: [ThumbnailRequest: (received: Int, total: Int?)] = [:]
    var message: (text: String, isError: Bool)?
    /// Where Esc goes from a timeline chosen with `t` (`LayerStack.wayBack`), for the title bar's hint.
    var wayBack: String?
    /// Esc goes somewhere from the shown screen: not on Home at the bottom of the stack, where the title bar
    /// offered "esc back" for a key that did nothing.
    var escGoesBack = true
    /// The warnings the user opened, by post, for the whole session (`LayerStack.openedWarnings`).
    var openedWarnings = OpenedWarnings()
    /// Unread notifications, when known.
    var unread: Int?
    /// The user's lists, once fetched.
    var lists: [TimelineID]?
    /// The server's trending hashtags, once fetched (nil: not yet, or the server has no trends).
    var trends: [Hashtag]?
    /// The web feeds' lists and their unread items, once read.
    var webFeedLists: [WebFeedList]?
    /// The streaming connection's state for the status line ("live", "reconnecting…", "polling").
    var liveState: String?
    /// The session's server could not be reached at its last request: one state for every list (`Reachability`).
    var offline = false
    /// No fediverse account, only web feeds: the picker offers their lists alone (`NoAccount`).
    var accountless = false
    /// Boosting asks first (`confirm_boost` in the config).
    var confirmBoost = false
    /// Rows ahead of the view whose pictures load early.
    var prefetchRows = 10
    /// Whose session this is (account and server), for the title bar.
    var sessionTitle = ""
    /// The accounts Tern can show (stored names, the shown one among them), and the one shown.
    var accounts: [String] = []
    var activeAccount = ""
    /// The user's own account id (their posts can be edited and deleted) and handle (never mentioned in
    /// their own replies).
    var ownAccountID = ""
    var ownAcct = ""
    /// What the server takes in a post.
    var limits = PostingLimits()
    /// The draft as last written to the store, for the compose screen's "saved".
    var savedDraft: Draft?
    /// Posts in the outbox, not yet made by the server: pending, like likes not yet confirmed.
    var queuedPosts = 0

    /// The pane this is drawn in has the keys (two panes: the other shows no selection).
    var focused = true

    /// Rows of the list area: a title bar above, a status line below.
    var listHeight: Int { max(1, rows - 2) }
}

/// One layer of the screen: a list (timeline, thread, profile, notifications) or an overlay over one
/// (help, picker, search line, large picture). The top layer gets the keys; `update` turns a key into
/// new state plus effects, `settle` brings the state in line with new snapshots and asks for what the
/// view needs, and `render` draws into the rectangle it is given (`Canvas`: a pane, or the whole screen) of a
/// frame already erased, without changing anything.
protocol Layer {
    /// Overlays are drawn over the layer below; screens cover everything under them.
    var isOverlay: Bool { get }
    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect]
    mutating func settle(_ env: LayerEnv) -> [Effect]
    func render(_ env: LayerEnv, into screen: Canvas)
    /// The layer above it closed: what it asked for before may have been replaced by that layer's wants.
    mutating func uncovered()
    /// The result of work done off the loop, offered as a key is: effects if the layer takes it, nil if not.
    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]?
    /// An overlay that is only a view over the screen under it (a translation) closes on a key that is
    /// not its own, and that key goes on to the screen: nothing is taken silently.
    func passesOn(_ key: Key) -> Bool
}

extension Layer {
    /// Draws over the whole screen (tests, and a screen drawn alone).
    func render(_ env: LayerEnv, on screen: Screen) { render(env, into: screen.canvas) }
}

/// What work done off the UI loop brings back for the screens (through the mailbox), handled by the
/// layers and the stack as keys are, so a layer test sees it as the app does.
enum LayerMessage: Sendable {
    /// What an engine publishes, for the screens that show its list (every one: a list and its grid).
    case snapshot(FeedSnapshot)
    /// Something looked up in the background opens a screen (a mention's account).
    case open(FeedOpening)
    /// The compose screen, with its draft read from the store or made afresh.
    case compose(Draft, context: Post?)
    /// Whom the user mutes and blocks, as the server lists them.
    case silenced(muted: [Account], blocked: [Account])
    case followRequests([Account], about: [Account])
    case notificationRequests(NotificationPolicy, [NotificationRequest])
    case listMembership(Account, all: [ListInfo], containing: Set<String>)
    case listSettings(ListInfo)
    case filters([FilterInfo])
    /// Candidates for a word typed in a post, for the compose screen that asked.
    case wordCompletions(String, [String])
    case scheduledPosts([ScheduledPost])
    case trendingLinks([LinkCard])
    /// The server's custom emoji, to react to a post with.
    case customEmoji(Post, [String])
    /// A file to attach, as read off the loop.
    case fileInspected(InspectedFile)
    /// What Tab completed a typed path to, and the names it could go on with.
    case pathCompleted(typed: String, completed: String, candidates: [String])
    /// A web feed's item's text as read from the store, or why it could not be.
    case article(postID: String, text: StyledText?, failure: String?)
    /// The server's rules, or why they could not be read.
    case rules([ServerRule]?, failure: String?)
    /// A post as the server translated it (with the name of the language it was in, looked up off the loop:
    /// the first look-up of a language's name reads the locale's data, which held the loop for seconds), or
    /// why it could not.
    case translated(statusID: String, Translation?, from: String? = nil, failure: String?)
    /// What the last run's Catch-up was left showing, as the store kept it (`Effect.keepCatchUpChoices`).
    case catchUpChoices(CatchUpChoices)
    /// Catch-up's window as read from the store (`Effect.loadCatchUp`), or why it could not be.
    case catchUp(CatchUpWindow, CatchUpLoad?, failure: String?)
    /// One account's window for a Catch-up across the accounts `among` (`Effect.loadCatchUpAcross`).
    case catchUpOf(account: String, among: [String], CatchUpWindow, CatchUpLoad?, failure: String?)
    /// The user's marks waiting for the server changed, or the server answered one: `overlay` shows a post
    /// with them, for a screen that holds posts no list's engine publishes (Catch-up). `account`: whose
    /// marks, where not the session's own (a Catch-up across accounts hears every account's).
    case postMarks(overlay: @Sendable (Post) -> Post, account: String? = nil)
    /// How far the fetch of what the store lacked for Catch-up's window has got, page by page (`account`:
    /// whose, across accounts).
    case catchUpFetching(CatchUpWindow, CatchUpFetch.Progress, account: String? = nil)
}

extension Layer {
    var isOverlay: Bool { true }
    mutating func settle(_ env: LayerEnv) -> [Effect] { [] }
    mutating func uncovered() {}
    mutating func receive(_ message: LayerMessage, _ env: LayerEnv) -> [Effect]? { nil }
    func passesOn(_ key: Key) -> Bool { false }
}
