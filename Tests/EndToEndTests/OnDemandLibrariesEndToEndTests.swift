import Foundation
import XCTest

/// libxml2 and the picture libraries are opened at their first use, not at start: `tern --help` opens
/// neither, while `tern --version`, which reports the picture libraries' versions, opens those. The
/// dynamic loader itself says what it opened (LD_DEBUG=files, dlopen included).
final class OnDemandLibrariesEndToEndTests: XCTestCase {
    private static let pictureLibraries = ["libchafa.so", "libturbojpeg.so", "libpng16.so", "libwebp.so", "libgif.so"]

    func testHelpOpensNeitherLibxml2NorAPictureLibrary() throws {
        let (output, opened) = try Self.run(["--help"])
        XCTAssertTrue(output.contains("SUBCOMMANDS:"), output)
        for library in Self.pictureLibraries + ["libxml2.so"] {
            XCTAssertFalse(opened.contains { $0.contains(library) }, "tern --help opened \(library):\n\(opened.joined(separator: "\n"))")
        }
    }

    func testVersionOpensThePictureLibrariesItReports() throws {
        let (output, opened) = try Self.run(["--version"])
        XCTAssertTrue(output.hasPrefix("tern "), output)
        XCTAssertTrue(output.contains("pictures: chafa "), output)
        for library in Self.pictureLibraries {
            XCTAssertTrue(opened.contains { $0.contains(library) }, "tern --version did not open \(library):\n\(opened.joined(separator: "\n"))")
        }
    }

    /// Runs tern and returns what it printed and the file names the loader opened for it.
    private static func run(_ arguments: [String]) throws -> (output: String, opened: [String]) {
        let tern = try TmuxSession.ternBinary().path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tern-ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Spawn.run(["env", "LD_DEBUG=files", "LD_DEBUG_OUTPUT=\(folder.path)/ld", tern] + arguments, capture: true)
        // One file per process (ld.PID): env's and tern's.
        var opened: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let report = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in report.split(separator: "\n") where line.contains("file=") {
                opened.append(String(line.split(separator: "file=")[1].prefix { $0 != " " }))
            }
        }
        XCTAssertFalse(opened.isEmpty, "the loader reported nothing: LD_DEBUG is not in effect")
        return (output, opened)
    }
}
