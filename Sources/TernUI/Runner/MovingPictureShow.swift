import Foundation
import Logging
import TernImages
import TernModel

/// A frame of the moving picture shown, as the screen draws it (kitty's pixels already held by the terminal).
struct ShownFrame {
    var request: MovingRequest
    var thumbnail: Thumbnail
    var number: Int
}

/// Plays the moving picture the shown screen asks for, and nothing else: the runner tells it what is
/// wanted after every turn (`want`), so closing the large view, flipping to a still or covering it with
/// another screen stops the playing (and ffmpeg) without any layer having to say so. Frames are made off
/// the loop; only the newest waits to be shown, so a busy loop skips frames rather than queueing them.
final class MovingPictureShow {
    private let player: MovingPicturePlayer
    private let mailbox: Mailbox
    private let log = Logger(label: "tern.moving")
    private(set) var playing: MovingRequest?
    private var task: Task<Void, Never>?
    private let waiting = NewestFrame()
    /// What the screen draws now; nil until the first frame.
    private(set) var frame: ShownFrame?
    /// Why the picture can't move here, in words.
    private(set) var note: String?

    init(player: MovingPicturePlayer, mailbox: Mailbox) {
        self.player = player
        self.mailbox = mailbox
    }

    /// Plays `request` (nil: nothing).
    func want(_ request: MovingRequest?) {
        guard request != playing else { return }
        task?.cancel()
        task = nil
        frame = nil
        note = nil
        waiting.clear()
        playing = request
        guard let request else { return }
        log.debug("playing a moving picture", metadata: ["url": "\(request.url)", "kind": "\(request.kind)",
                                                     "cells": "\(request.columns)x\(request.rows)"])
        let player = self.player, mailbox = self.mailbox, waiting = self.waiting, log = self.log
        task = Task.detached(priority: .userInitiated) {
            do {
                try await player.play(request) { frame in
                    if waiting.put(frame, of: request) { mailbox.post(.movingFrame) }
                }
            } catch is CancellationError {
            } catch {
                let why = (error as? ImageError)?.description ?? "\(error)"
                log.warning("a moving picture can't play", metadata: ["url": "\(request.url)", "error": "\(why)"])
                mailbox.post(.movingFailed(request, why))
            }
            if Task.isCancelled { log.debug("stopped a moving picture", metadata: ["url": "\(request.url)"]) }
        }
    }

    /// Plays what plays now again from its start (the terminal's pictures changed).
    func restart() {
        let request = playing
        want(nil)
        want(request)
    }

    /// The frame that arrived last, if it is of what plays now; `hold` turns its pixels into what is drawn.
    func takeFrame(hold: (TerminalPixels) -> TerminalPixels) -> Bool {
        guard let playing, let (f, of) = waiting.take(), of == playing else { return false }
        var thumbnail = f.thumbnail
        thumbnail.pixels = thumbnail.pixels.map(hold)
        frame = ShownFrame(request: playing, thumbnail: thumbnail, number: f.number)
        return true
    }

    /// The picture can't play: the still stays, and says why.
    func failed(_ request: MovingRequest, _ why: String) -> Bool {
        guard request == playing else { return false }
        note = why
        return true
    }
}

/// The newest frame made and not yet taken, handed from the player's task to the UI loop.
private final class NewestFrame: @unchecked Sendable {
    private let lock = NSLock()
    private var frame: (MovingFrame, MovingRequest)?

    /// True when nothing was waiting (the loop must be told); a frame not yet taken is replaced.
    func put(_ f: MovingFrame, of request: MovingRequest) -> Bool {
        lock.withLock {
            let wasEmpty = frame == nil
            frame = (f, request)
            return wasEmpty
        }
    }

    func take() -> (MovingFrame, MovingRequest)? {
        lock.withLock {
            defer { frame = nil }
            return frame
        }
    }

    func clear() { lock.withLock { frame = nil } }
}
