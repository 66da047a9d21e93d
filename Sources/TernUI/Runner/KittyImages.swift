import TernImages
import TernModel
import TernTerminal

/// The pictures a kitty-graphics terminal holds for this session: each thumbnail is sent once, under an id
/// of its own, when it arrives; after that only its placeholder cells are drawn. The terminal's memory is
/// bounded too: past `capacity` the oldest are freed, and their thumbnails are asked for again if needed.
/// `direct`: the terminal draws no placeholder cells, so the pictures are sent without a placement and the
/// frame places them at their cells.
final class KittyImages {
    private let screen: Screen
    private let tmux: Bool
    let direct: Bool
    private var ids: [ThumbnailRequest: UInt32] = [:]
    private var order: [ThumbnailRequest] = []
    private var next: UInt32
    let capacity: Int
    /// Bytes sent to the terminal for pictures (for benchmarks).
    private(set) var bytesSent = 0

    /// Ids carry their low byte as a 256-colour index (16…255: below 16 curses would send the basic colours'
    /// own codes, which kitty doesn't read as ids) and their high byte
    /// as a diacritic. The high byte starts from `seed`, so two Terns in one terminal (tmux panes) seldom
    /// share ids; it stays below 128, as Konsole reads an id of 2³¹ or more as no picture at all.
    init(screen: Screen, tmux: Bool, direct: Bool = false, capacity: Int = 400, seed: UInt8 = UInt8.random(in: 1...KittyImages.highest)) {
        self.screen = screen
        self.tmux = tmux
        self.direct = direct
        self.capacity = capacity
        next = UInt32(min(max(seed, 1), Self.highest)) << 24 | 16
    }

    static let highest: UInt8 = 127

    /// Sends the picture (once) and returns what the renderer draws, plus the requests whose pictures the
    /// terminal was told to free to make room.
    func hold(_ request: ThumbnailRequest, _ pixels: KittyPixels) -> (TerminalPixels, freed: [ThumbnailRequest]) {
        if let id = ids[request] { return (.kittyImage(id: id, columns: pixels.columns, rows: pixels.rows, height: pixels.height), []) }
        var freed: [ThumbnailRequest] = []
        while order.count >= capacity {
            let old = order.removeFirst()
            if let id = ids.removeValue(forKey: old) { screen.emit(KittyGraphics.delete(id: id, tmux: tmux)) }
            freed.append(old)
        }
        let id = allocate()
        ids[request] = id
        order.append(request)
        let bytes = KittyGraphics.transmit(id: id, pixels, tmux: tmux, direct: direct)
        bytesSent += bytes.count
        screen.emit(bytes)
        return (.kittyImage(id: id, columns: pixels.columns, rows: pixels.rows, height: pixels.height), freed)
    }

    /// The two ids moving pictures' frames take turns under, for the whole session: a frame goes under the
    /// id the frame on screen does not use, and sending a picture under an id replaces what it held. Never
    /// freed one by one: kitty 0.26 frees, with a picture freed by id, every picture that has no placement
    /// just then, and the list's pictures have none while the large view covers them (tried: the list came
    /// back blank after a GIF played).
    private var frameIDs: [UInt32] = []
    private var frameTurn = 0

    /// Sends a moving picture's frame and returns what the renderer draws.
    func holdFrame(_ pixels: KittyPixels) -> TerminalPixels {
        if frameIDs.isEmpty { frameIDs = [allocate(), allocate()] }
        frameTurn ^= 1
        let id = frameIDs[frameTurn]
        let bytes = KittyGraphics.transmit(id: id, pixels, tmux: tmux, direct: direct)
        bytesSent += bytes.count
        screen.emit(bytes)
        return .kittyImage(id: id, columns: pixels.columns, rows: pixels.rows, height: pixels.height)
    }

    /// The terminal lost every picture it held: kitty 0.26 frees them all with its alternate screen, which
    /// the terminal leaves for `$EDITOR` or Ctrl-Z and clears on coming back (tried: the list came back
    /// with empty boxes). Frees them (where a terminal kept them) and forgets them; returns their requests,
    /// so the pictures in view are made and sent again.
    func forgetAll() -> [ThumbnailRequest] {
        let all = order
        releaseAll()
        return all
    }

    /// Frees every picture this session sent (at exit).
    func releaseAll() {
        var out: [UInt8] = []
        for id in ids.values { out += KittyGraphics.delete(id: id, tmux: tmux) }
        ids = [:]
        order = []
        out += frameIDs.flatMap { KittyGraphics.delete(id: $0, tmux: tmux) }
        frameIDs = []
        screen.emit(out)
    }

    /// The next id, past the frames' two: those are held for the session, while a thumbnail's id is at most
    /// `capacity` ids old, so once the ids go round (about 30,000) only the frames' can still be in use.
    private func allocate() -> UInt32 {
        var id = step()
        while frameIDs.contains(id) { id = step() }
        return id
    }

    private func step() -> UInt32 {
        let id = next
        var low = (next & 0xFF) + 1, high = next >> 24
        if low > 255 {
            low = 16
            high = high == UInt32(Self.highest) ? 1 : high + 1
        }
        next = high << 24 | low
        return id
    }
}
