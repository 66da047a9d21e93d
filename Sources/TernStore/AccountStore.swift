import Foundation
import TernModel

/// One logged-in account: where, who, and the credentials. Kept in a file only the user can read.
package struct StoredAccount: Codable, Sendable, Equatable {
    /// `user@host`: how the user names it (`--account`, `logout`).
    package var name: String
    package var server: URL
    package var token: String
    package var accountID: String
    /// The app registration, needed to revoke the token at logout. Nil when a token was given by hand.
    package var clientID: String?
    package var clientSecret: String?

    package init(name: String, server: URL, token: String, accountID: String, clientID: String? = nil,
                clientSecret: String? = nil) {
        self.name = name
        self.server = server
        self.token = token
        self.accountID = accountID
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// Accounts under `$XDG_CONFIG_HOME/tern/accounts/`: one JSON file each, mode 0600, in a 0700 folder,
/// and a `default` file naming the one used when none is chosen.
package struct AccountStore: Sendable {
    package let directory: URL

    package init(directory: URL) {
        self.directory = directory
    }

    private var defaultFile: URL { directory.appendingPathComponent("default") }

    private func file(_ name: String) -> URL {
        // Names are user@host; anything else that could leave the folder is replaced.
        let safe = name.map { $0.isLetter || $0.isNumber || "@._-".contains($0) ? $0 : "_" }
        return directory.appendingPathComponent(String(safe) + ".json")
    }

    /// Saves an account (replacing one of the same name); the first account saved becomes the default.
    package func save(_ account: StoredAccount) throws {
        try PrivateFiles.makeFolder(directory, tighten: true)
        // Created 0600 before the token is written, so it is never readable by others, not even briefly.
        try PrivateFiles.write(try JSONEncoder().encode(account), to: file(account.name))
        // A default file that can't be read is left as it is (`problems` names it), never replaced unasked.
        if case .success(nil) = Result(catching: { try defaultName }) { try setDefault(account.name) }
    }

    /// The account; a file that is there but can't be read is said as such (it is left as it is), never
    /// taken for no account.
    package func load(_ name: String) throws -> StoredAccount {
        let data: Data
        do { data = try Data(contentsOf: file(name)) }
        catch CocoaError.fileReadNoSuchFile {
            throw AccountStoreError(description: "no account '\(name)'; `tern accounts` lists them, `tern login` adds one")
        } catch {
            throw AccountStoreError(description: "the account file \(file(name).path) can't be read (\(error.localizedDescription)); "
                                    + "it was left as it is")
        }
        do { return try JSONDecoder().decode(StoredAccount.self, from: data) }
        catch { throw AccountStoreError(description: "the account file \(file(name).path) is damaged (\(Self.what(error))); log in again") }
    }

    /// The accounts whose files read; `problems` names the others.
    package func list() -> [StoredAccount] {
        read().accounts
    }

    /// Account files that can't be read, each as "FILE: what is wrong" (their accounts are not listed), and
    /// the file naming the default account if it can't be.
    package func problems() -> [String] {
        let unreadableDefault: String?
        do { _ = try defaultName; unreadableDefault = nil } catch { unreadableDefault = "\(error)" }
        return read().problems + (unreadableDefault.map { [$0] } ?? [])
    }

    private func read() -> (accounts: [StoredAccount], problems: [String]) {
        let files: [URL]
        do { files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) }
        catch CocoaError.fileReadNoSuchFile { return ([], []) }
        catch { return ([], ["\(directory.path): can't be read (\(error.localizedDescription))"]) }
        var accounts: [StoredAccount] = [], problems: [String] = []
        for url in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.path < $1.path }) {
            do { accounts.append(try JSONDecoder().decode(StoredAccount.self, from: Data(contentsOf: url))) }
            catch { problems.append("\(url.path): \(Self.what(error)); log in again to replace it") }
        }
        return (accounts.sorted { $0.name < $1.name }, problems)
    }

    /// A decoding or reading error in a few words.
    private static func what(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return "not JSON (\(c.underlyingError.map { "\($0.localizedDescription)" } ?? c.debugDescription))"
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\" in it"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "\"\(c.codingPath.map(\.stringValue).joined(separator: "."))\" is not what it should be"
        default: return "can't be read (\(error.localizedDescription))"
        }
    }

    /// The default account's name; nil when none is set. A file naming it that can't be read throws: it is
    /// not the same as no default (it is left as it is).
    package var defaultName: String? {
        get throws {
            let s: String
            do { s = try String(contentsOf: defaultFile, encoding: .utf8) }
            catch CocoaError.fileReadNoSuchFile { return nil }
            catch {
                throw AccountStoreError(description: "\(defaultFile.path): can't be read (\(error.localizedDescription)); it was left "
                                        + "as it is; `tern accounts --default NAME` writes it again")
            }
            let name = s.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty ? nil : name
        }
    }

    package func setDefault(_ name: String) throws {
        try PrivateFiles.makeFolder(directory, tighten: true)
        try PrivateFiles.write(Data((name + "\n").utf8), to: defaultFile)
    }

    /// Forgets an account; the default moves to another one if there is one.
    package func remove(_ name: String) throws {
        try FileManager.default.removeItem(at: file(name))
        if case .success(name?) = Result(catching: { try defaultName }) {
            // A file that stays names an account that is gone, which `load` says as such; another account, if
            // there is one, is written into it just below.
            try? FileManager.default.removeItem(at: defaultFile)
            if let next = list().first { try setDefault(next.name) }
        }
    }
}

package struct AccountStoreError: Error, CustomStringConvertible {
    package var description: String
}
