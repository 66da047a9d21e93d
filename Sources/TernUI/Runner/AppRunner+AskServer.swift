import Foundation
import TernMastodon
import TernModel

/// One request of the user's to the server that is not journaled (a list of theirs asked for, the
/// notification policy set): made off the loop, its answer turned into what the loop hears, a failure said
/// in the server's words. Such a change, repeated, is the same, so the user can simply make it again; the
/// others go through the change queue (`submit`).
extension AppRunner {
    /// `asking`: said while it goes (nil: nothing). `answer`: what the loop hears when it succeeds.
    /// `absent`: said instead of the failure when the server has no such endpoint (404).
    func askServer<T: Sendable>(_ asking: String? = nil, failed: String, absent: String? = nil,
                                _ request: @escaping @Sendable (MastodonClient) async throws -> T,
                                answer: @escaping @Sendable (T) -> [UIEvent]) {
        let client = sources.client, mailbox = session.mail
        if let asking { show(asking, error: false) }
        Task.detached {
            do {
                let result = try await request(client)
                // Answered: "Asking…" is no longer true (it stayed over the menu it announced, and after it).
                if let asking { mailbox.post(.unsay(asking)) }
                for event in answer(result) { mailbox.post(event) }
            } catch {
                if let absent, case .http(status: 404, _)? = error as? MastodonError {
                    mailbox.post(.say(absent, isError: false))
                } else {
                    mailbox.post(.say("\(failed): \((error as? MastodonError)?.description ?? "\(error)")", isError: true))
                }
            }
        }
    }
}
