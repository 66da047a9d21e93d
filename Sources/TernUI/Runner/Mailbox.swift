import Foundation
import Synchronization
import TernFeed
import TernImages
import TernModel

/// What reaches the UI loop from other threads.
enum UIEvent: Sendable {
    /// A list's snapshot, from the engine with this serial number (a closed and reopened thread has a
    /// new engine whose versions start again; what the old one still had in the mail is ignored).
    case snapshot(FeedSnapshot, engine: Int)
    case image(ThumbnailRequest, ImageState)
    /// The image loader now makes pictures for the terminal's graphics: ask again for those in view.
    case picturesChanged
    /// Bytes of a large picture downloaded so far, and of how many when known.
    case imageProgress(ThumbnailRequest, received: Int, total: Int?)
    /// A moving picture's next frame is waiting (`MovingPictureShow`).
    case movingFrame
    /// A moving picture can't play, and why.
    case movingFailed(MovingRequest, String)
    /// The user's lists arrived (for the `t` picker).
    case lists([TimelineID])
    case trends([Hashtag])
    /// The web feeds' lists (all, each tag's, each feed's) and their unread items, for the picker.
    case webFeedLists([WebFeedList])
    /// Something done in the background has something to say.
    case say(String, isError: Bool)
    /// What was said while something went ("Asking the server…") is no longer true: it goes, if still shown.
    case unsay(String)
    /// News from the streaming connection.
    case live(LiveStream.News)
    /// A result of work for the layers (a file read, a folder listed, a menu's contents as the server
    /// listed them, a screen to open: a looked-up mention, the compose screen with its draft ready): the
    /// layer that asked takes it (`LayerStack.receive`), as it takes a key.
    case layer(LayerMessage)
    /// Who the user is, as the server says (for sessions that didn't know: a token given by hand).
    case me(Account)
    /// A draft reached the store.
    case draftSaved(Draft)
    case outbox(Outbox.Event)
    case serverChange(ChangeQueue.Event)
    /// What the server takes in a post, from the store or the server.
    case limits(PostingLimits)
    /// Posts changed by the user's own hand (a deletion): every list hears of it as of a streamed change.
    case changes([StreamChange])
    /// The action queue settled a relationship or deleted a post (`AwaitedActions`).
    case actionNews(ActionQueue.Event)
    /// An event of one account's session (its engines, stream, outbox, lookups), by the session's id.
    indirect case account(Int, UIEvent)
    /// Another account was opened (off the UI loop), to be switched to; or why it could not be.
    case accountOpened(id: Int, AccountParts)
    case accountFailed(name: String, why: String)
    /// SIGTERM/SIGHUP: leave the way `q` does, restoring the terminal.
    case quit
    /// Ctrl-C (SIGINT): leave, but ask first while a post is being written; a second Ctrl-C leaves.
    case interrupt
}

/// A thumbnail's state as the list draws it.
package enum ImageState: Sendable {
    /// The blurhash, until the picture arrives.
    case placeholder(CellGrid)
    case ready(Thumbnail)
    case failed(String)

    /// The memory its cells and pixels take.
    var byteCount: Int {
        switch self {
        case .placeholder(let grid): return grid.byteCount
        case .ready(let thumbnail): return thumbnail.byteCount
        case .failed(let why): return why.utf8.count
        }
    }
}

/// Events for the UI loop plus a pipe that wakes its `poll()`. Any thread may post; only the loop drains.
package final class Mailbox: Sendable {
    private let events = Mutex<[UIEvent]>([])
    let readFD: Int32
    private let writeFD: Int32

    package init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0, "pipe() failed")
        readFD = fds[0]
        writeFD = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    func post(_ event: UIEvent) {
        events.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    func drain() -> [UIEvent] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(readFD, &sink, sink.count) > 0 {}
        return events.withLock { e in
            let out = e
            e.removeAll()
            return out
        }
    }
}

extension Mailbox {
    /// The mailbox as the tasks of the account with this session id see it (the runner's first is 0).
    package func mail(forAccount id: Int) -> AccountMail { AccountMail(mailbox: self, account: id) }

    /// Asks the UI loop to quit (from a signal handler's queue).
    package func requestQuit() { post(.quit) }

    /// Ctrl-C, from a signal handler's queue.
    package func interrupt() { post(.interrupt) }
}
