import Foundation
import Hummingbird

/// A translation service for the demo's posts: its CJK sentences come back in English, anything else as it
/// was, found to be English. Servers imitated without one answer 404, as GoToSocial does.
extension DemoRoutes {
    func registerTranslation(on router: Router<BasicRequestContext>) {
        router.post("/api/v1/statuses/:id/translate") { req, ctx in
            try await authorized(req) {
                try await delay()
                if config.quirks.contains(.noTranslation) { return error(.notFound, "Not Found") }
                guard let id = ctx.parameters.get("id").flatMap(state.parseID), let post = await state.post(id: id) else {
                    return error(.notFound, "Record not found")
                }
                var html = post.html, language = "en"
                for (i, original) in DemoText.cjk.enumerated() where html.contains(original) {
                    html = html.replacingOccurrences(of: original, with: DemoText.cjkInEnglish[i].0)
                    language = DemoText.cjkInEnglish[i].1
                }
                return try json(["content": html, "spoiler_text": post.spoilerText, "detected_source_language": language,
                                 "provider": "Demo Translate"])
            }
        }
    }
}
