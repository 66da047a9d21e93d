import Foundation
import TernFeed
import TernImages
import TernModel
import TernTerminal

/// `?`: the keys, generated from the live keymap. Any key closes it; `q` also quits.
struct HelpLayer: Layer {
    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        key == .character("q") ? [.pop, .quit] : [.pop]
    }

    func render(_ env: LayerEnv, on screen: Screen) {
        env.renderer.drawBox(title: "Keys (any key closes)", lines: env.keymap.helpLines.map { ($0, false) }, on: screen)
    }
}

/// `t`: choose a timeline, or type a hashtag.
struct PickerLayer: Layer {
    var picker: TimelinePicker

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        // The lists may have arrived since the picker opened.
        if let lists = env.lists { picker.add(lists: lists) }
        switch picker.handle(key) {
        case .stay: return []
        case .close: return [.pop]
        case .choose(let t): return [.pop, .switchTimeline(t)]
        }
    }

    func render(_ env: LayerEnv, on screen: Screen) {
        var p = picker
        if let lists = env.lists { p.add(lists: lists) }
        env.renderer.drawBox(title: "Timelines (Enter opens, Esc closes)", lines: p.lines, on: screen)
    }
}

/// `/`: a line to search the cached posts.
struct SearchLayer: Layer {
    var editor = LineEditor(limit: 200)

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        switch editor.handle(key) {
        case .editing: return []
        case .cancel: return [.pop]
        case .submit(let text):
            let query = text.trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { return [.pop] }
            // Searching again for the same words looks again: the cache may have grown.
            return [.pop, .switchTimeline(.search(query)), .feed(.timeline(.search(query)), .refresh)]
        }
    }

    func render(_ env: LayerEnv, on screen: Screen) {
        env.renderer.drawPrompt("Search cached posts: ", editor: editor, on: screen)
    }
}

/// `v` or a click on a picture: the picture as large as the screen allows. Any key closes it; `q` quits.
struct LargeImageLayer: Layer {
    var image: LargeImage

    mutating func update(_ key: Key, _ env: LayerEnv) -> [Effect] {
        if case .mouse(let e) = key, e.button == .wheelUp || e.button == .wheelDown { return [] }
        return key == .character("q") ? [.pop, .quit] : [.pop]
    }

    func render(_ env: LayerEnv, on screen: Screen) {
        env.renderer.drawLarge(image, env.images[image.request], on: screen)
    }
}
