import Foundation
import TernImages
import TernModel
import TernTerminal

/// The pictures the screen shows: the thumbnails asked for and loaded (`ThumbnailFeeder`), the large view's
/// moving picture, and in kitty mode the pictures the terminal holds. It carries out the layers' picture
/// effects and takes the loader's results from the mailbox; the layers read what it holds as they draw.
final class ScreenPictures {
    let feeder: ThumbnailFeeder
    /// The large view's moving picture, played while it is shown.
    let moving: MovingPictureShow
    /// In kitty mode, the pictures the terminal holds.
    private(set) var kitty: KittyImages?
    /// With two panes, each pane's pictures as last asked for (by whether it is the left one).
    private var paneDemands: [Bool: ThumbnailDemand] = [:]
    /// The width the pictures were made for: cells of another width are made afresh.
    private var width = 0

    init(loader: ImageLoader, mailbox: Mailbox) {
        feeder = ThumbnailFeeder(loader: loader, mailbox: mailbox)
        moving = MovingPictureShow(player: MovingPicturePlayer(loader: loader), mailbox: mailbox)
    }

    /// Carries out a picture effect; false when `effect` is none. `pinned`: the large pictures on the stack,
    /// which stay loaded whatever the list below them asks.
    func carry(_ effect: Effect, pinned: Set<ThumbnailRequest>) -> Bool {
        switch effect {
        case .thumbnails(var demand):
            // Two panes want their pictures at once: each pane's latest wants, together.
            if let left = demand.fromLeftPane {
                paneDemands[left] = demand
                demand = .merged([paneDemands[true], paneDemands[false]].compactMap { $0 })
            }
            demand.pinned = pinned
            feeder.update(demand)
        case .retryImages(let requests):
            feeder.retry(requests)
        case .loadLarge(let request, let blurhash, let aspect):
            feeder.requestLarge(request, blurhash: blurhash, aspect: aspect)
        default:
            return false
        }
        return true
    }

    /// One pane now: what the other pane asked for is forgotten.
    /// What the layers see of the pictures: those loaded, their progress, the moving picture's frame.
    func describe(_ e: inout LayerEnv) {
        e.images = feeder.images
        e.progress = feeder.progress
        e.movingFrame = moving.frame
        e.movingNote = moving.note
    }

    func onePane() { paneDemands = [:] }

    /// The screen is `columns` wide: at another width, every picture is made afresh.
    func fit(columns: Int) {
        guard columns != width else { return }
        width = columns
        feeder.reset()
    }

    /// A picture's load moved on (a picture, a frame, the bytes so far), or the pictures were made afresh.
    /// Whether the screen changed.
    func accept(_ event: UIEvent) -> Bool {
        switch event {
        case .image(let request, var state):
            // kitty pictures go to the terminal as they arrive; from then on only their id is kept.
            if let kitty, case .ready(var t) = state, case .kitty(let pixels)? = t.pixels {
                let (held, freed) = kitty.hold(request, pixels)
                t.pixels = held
                state = .ready(t)
                feeder.forget(freed)
            }
            feeder.accept(request, state)
            return true
        case .picturesChanged:
            feeder.refreshAll()
            moving.restart()
            return true
        case .movingFrame:
            let kitty = self.kitty
            return moving.takeFrame(hold: { pixels in
                guard let kitty, case .kitty(let k) = pixels else { return pixels }
                return kitty.holdFrame(k)
            })
        case .movingFailed(let request, let why):
            return moving.failed(request, why)
        case .imageProgress(let request, let received, let total):
            feeder.accept(request, received: received, total: total)
            return true
        default:
            return false
        }
    }

    /// Shows pictures as `graphics` says from now on: the rows' layout, kitty's picture store, and the
    /// loader's output. What the user should know of it, if anything.
    func use(_ graphics: Graphics, screen: Screen, renderer: FrameRenderer) -> String? {
        var mode = graphics.mode, note = graphics.note
        if mode == .kitty, !graphics.kittyDirect, !screen.canDrawKittyPlaceholders {
            mode = .symbols
            note = "Pictures as symbols: kitty's placeholders need a 256-colour TERM (such as xterm-kitty)."
        }
        var layout = graphics.layout
        layout.off = mode == .off
        layout.pixels = mode.sendsPixels
        renderer.pictures = layout
        // kitty 0.26 places pictures itself (`direct`).
        let direct = mode == .kitty && graphics.kittyDirect
        renderer.kittyDirect = direct
        screen.placesKittyPictures = direct
        if mode == .kitty, kitty?.direct != direct {
            kitty?.releaseAll()
            kitty = KittyImages(screen: screen, tmux: graphics.tmux, direct: direct)
        }
        if mode != .kitty, let old = kitty {
            old.releaseAll()
            kitty = nil
        }
        feeder.use(mode.sendsPixels ? PixelOutput(mode: mode, cell: graphics.cell, limit: graphics.limit, fillsBox: direct) : nil)
        return note
    }

    /// Back from giving the terminal away (`$EDITOR`, Ctrl-Z): where kitty's pictures are placed directly
    /// (kitty 0.26) the terminal freed them with its alternate screen, so they are sent again.
    func takeBack() {
        guard let kitty, kitty.direct else { return }
        feeder.forget(kitty.forgetAll())
    }

    /// The screen closes: nothing more is loaded or played, and the terminal lets go of what it holds.
    func stop() {
        feeder.reset()
        moving.want(nil)
        kitty?.releaseAll()
    }
}
