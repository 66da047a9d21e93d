import Foundation
import XCTest

/// The cases a table test must have a row for, read from the product's source as it stands: a case added
/// without a row fails the table, rather than going unchecked.
enum SourceCases {
    /// A file of the package, by its path from the package's folder.
    static func source(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The effects the runner's `perform` switches on, arm by arm, each with where its head begins.
    static func performArms() throws -> [(names: Set<String>, at: String.Index)] {
        let source = try source("Sources/TernUI/Runner/AppRunner+Effects.swift")
        let start = try XCTUnwrap(source.range(of: ".apply(effects) {"), "perform no longer switches on the stack's effects")
        let end = try XCTUnwrap(source.range(of: "func stopClosedScreens", range: start.upperBound..<source.endIndex))
        var arms: [(names: Set<String>, at: String.Index)] = []
        var rest = source[start.upperBound..<end.lowerBound]
        // Each arm's head, from `case` to the colon outside its parentheses; a name per comma outside them.
        while let arm = rest.range(of: "case .") {
            var depth = 0, name = "", inName = true, names: Set<String> = []
            var index = arm.upperBound
            while index < rest.endIndex {
                let c = rest[index]
                if c == "(" { depth += 1; inName = false } else if c == ")" { depth -= 1 }
                else if depth == 0, c == ":" { break }
                else if depth == 0, c == "," {
                    names.insert(name)
                    name = ""
                    inName = true
                } else if inName, c.isLetter || c.isNumber { name.append(c) }
                index = rest.index(after: index)
            }
            names.insert(name)
            names.remove("")
            arms.append((names, arm.lowerBound))
            rest = rest[index...]
        }
        return arms
    }

    /// The effects the runner hands to the account's session (`perform`'s `default`): every `Effect` it has
    /// no arm of its own for.
    static func accountArm() throws -> Set<String> {
        let source = try source("Sources/TernUI/Runner/AppRunner+Effects.swift")
        _ = try XCTUnwrap(source.range(of: "default:\n                // The account's own"), "the runner no longer hands the rest to the session")
        let own = try performArms().reduce(into: Set<String>()) { $0.formUnion($1.names) }
        return try effects().subtracting(own)
    }

    /// The kinds of effect a layer can ask for (`Effect`'s cases).
    static func effects() throws -> Set<String> {
        let source = try source("Sources/TernUI/Layers/Effect.swift")
        let start = try XCTUnwrap(source.range(of: "enum Effect: Equatable {"), "Effect is no longer declared in Effect.swift")
        let end = try XCTUnwrap(source.range(of: "\n}", range: start.upperBound..<source.endIndex))
        return cases(in: source[start.upperBound..<end.lowerBound])
    }

    /// The names of the cases declared at the top level of `body` (four spaces in).
    static func cases(in body: Substring) -> Set<String> {
        Set(body.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    case ") || line.hasPrefix("    indirect case ") else { return nil }
            var words = line.split(separator: " ")
            if words.first == "indirect" { words.removeFirst() }
            return String(words[1].prefix { $0.isLetter || $0.isNumber })
        })
    }

    /// The kinds of event the mailbox brings (`UIEvent`'s cases).
    static func events() throws -> Set<String> {
        let source = try source("Sources/TernUI/Runner/Mailbox.swift")
        let start = try XCTUnwrap(source.range(of: "enum UIEvent: Sendable {"), "UIEvent is no longer declared in Mailbox.swift")
        return cases(in: source[start.upperBound...].prefix { $0 != "}" })
    }
}
