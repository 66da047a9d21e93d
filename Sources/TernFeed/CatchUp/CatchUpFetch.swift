import Foundation
import TernModel
import TernStore

/// What Home's store lacks for a catch-up's window, fetched before it is ranked: newer posts, the gaps
/// inside the window, and older pages down to its start (`TimelineEngine.reachBack`, the engine's own
/// paging and gap filling, written to the store as `r` and Enter on a gap write). Stopped by cancelling the
/// task it runs in (Esc on the screen): what came by then is ranked.
package enum CatchUpFetch {
    /// How far a fetch has got, for the status line.
    package struct Progress: Sendable, Hashable {
        package var posts = 0
        package var pages = 0

        package init(posts: Int = 0, pages: Int = 0) {
            (self.posts, self.pages) = (posts, pages)
        }

        package var words: String { "\(Counted.words(posts, "post")) in \(Counted.words(pages, "page"))" }
    }

    /// How a fetch ended: how far it got, whether it was stopped, and what it could not fetch.
    package struct Outcome: Sendable, Hashable {
        package var progress = Progress()
        /// The user stopped it (Esc): the window shows what was held by then.
        package var stopped = false
        /// Why the server did not give the rest (unreachable, failing); nil when it did.
        package var failure: String?
        /// What was still missing when it ended: posts newer than the newest held, gaps inside the window,
        /// posts between the oldest held and the window's start.
        package var missing: Set<Missing> = []
        /// The fetch stopped at the catch-up's limit (`CatchUpReader.limit` posts).
        package var full = false

        package init(progress: Progress = Progress(), stopped: Bool = false, failure: String? = nil, missing: Set<Missing> = [],
                     full: Bool = false) {
            (self.progress, self.stopped, self.failure, self.missing, self.full) = (progress, stopped, failure, missing, full)
        }

        /// The lines a catch-up says about it (`CatchUpLoad.notes`): nothing when everything came.
        package var notes: [String] {
            let lacking = Missing.words(missing)
            if stopped { return ["Fetching was stopped after \(progress.words): " + (lacking.map { "\($0) are not in it." } ?? "the rest is what the cache held.")] }
            guard let failure else { return [] }
            return ["Could not fetch \(lacking ?? "the rest of the window") (\(failure)): showing what the cache holds."]
        }
    }

    /// A part of the window the store may lack.
    package enum Missing: String, Sendable, Hashable, CaseIterable {
        case newer, gaps, older

        /// The parts missing in words ("the newer posts and the older posts"), nil when none is.
        static func words(_ parts: Set<Missing>) -> String? {
            let said = allCases.filter(parts.contains).map { part -> String in
                switch part {
                case .newer: return "the newer posts"
                case .gaps: return "the posts in the window's gaps"
                case .older: return "the older posts down to the window's start"
                }
            }
            guard let last = said.last else { return nil }
            return said.count == 1 ? last : said.dropLast().joined(separator: ", ") + " and " + last
        }
    }

    /// Fetches the window's missing posts into the store with an engine of its own on Home (the session's
    /// sources, so what it learns of the server is the session's), saying its progress after each page.
    package static func run(sources: TimelineEngine.Sources, window: CatchUpWindow, now: Date = Date(),
                            progress: @escaping @Sendable (Progress) -> Void) async -> Outcome {
        let reader = CatchUpReader(data: sources.data)
        let marks: (readMark: String?, lastCatchUp: String?)
        do { marks = try await reader.marks() } catch {
            return Outcome(failure: "the cache could not be read: \(error)", missing: [.newer, .gaps, .older])
        }
        let bounds = CatchUpBounds(window, readMarkID: marks.readMark, lastCatchUpID: marks.lastCatchUp, now: now)
        let engine = TimelineEngine(sources: sources, timeline: .home, pageSize: 40, publish: { _ in })
        return await engine.reachBack(to: bounds, most: reader.limit, progress: progress)
    }
}
