import Foundation
import Logging
import TernDemo
import TernModel
@testable import tern
import XCTest

/// `tern` typed alone skips the argument parser; these keep what it runs with equal to what the parser
/// would have made of the same arguments.
final class BrowseSettingsTests: XCTestCase {
    func testNoArgumentsParseToTheStandardSettings() throws {
        let parsed = try XCTUnwrap(Tern.parseAsRoot([]) as? Browse)
        XCTAssertEqual(parsed.settings, .standard)
        let named = try XCTUnwrap(Tern.parseAsRoot(["browse"]) as? Browse)
        XCTAssertEqual(named.settings, .standard)
    }

    func testEveryOptionReachesTheSettings() throws {
        let parsed = try XCTUnwrap(Tern.parseAsRoot([
            "--account", "me@example.social", "--timeline", "local", "--offline", "--theme", "dusk", "--prefetch", "3",
            "--poll", "60", "--no-stream", "--images", "sixel", "--colors", "16", "--low-data", "--page-size", "5", "--log-level", "debug",
        ]) as? Browse)
        var expected = BrowseSettings.standard
        expected.account.account = "me@example.social"
        expected.timeline = "local"
        expected.offline = true
        expected.view = ViewSettings(theme: "dusk", prefetch: 3, poll: 60, noStream: true, images: .mode(.sixel), colors: .c16, lowData: true,
                                     pageSize: 5, logLevel: .debug)
        XCTAssertEqual(parsed.settings, expected)
        let server = try XCTUnwrap(Tern.parseAsRoot(["--server", "example.social", "--token-file", "/t"]) as? Browse)
        XCTAssertEqual(server.settings.account, AccountChoice(account: nil, server: "example.social", tokenFile: "/t"))
    }

    func testTheDefaultCommandAloneParsesAsTheWholeParserDoes() throws {
        let arguments = ["--account", "me@example.social", "--timeline", "local", "--offline", "--theme", "dusk", "--prefetch", "3",
                         "--poll", "60", "--no-stream", "--images", "sixel", "--colors", "16", "--low-data", "--page-size", "5",
                         "--log-level", "debug"]
        let whole = try XCTUnwrap(Tern.parseAsRoot(arguments) as? Browse)
        XCTAssertEqual(Browse.parsedAlone(arguments[...])?.settings, whole.settings)
        XCTAssertEqual(Browse.parsedAlone(["--offline"])?.settings.offline, true)
        // What it can't take is left to the whole parser, which words the error (or runs the command).
        for other in [[], ["browse", "--offline"], ["--nonsense"], ["--prefetch", "many"], ["demo"], ["--offline", "--help"]] {
            XCTAssertNil(Browse.parsedAlone(other[...]), "\(other)")
        }
    }

    /// `tern --offline` and the like skip the parser: each flag, and all of them together, set what the parser
    /// sets; anything else (a repeat, a value, another command, help) is left to the parser.
    func testFlagsWithoutValuesSetWhatTheParserSets() throws {
        let flags = Browse.flagsWithoutValues.keys.sorted()
        XCTAssertTrue(flags.contains("--offline"))
        for arguments in flags.map({ [$0] }) + [flags, flags.reversed()] {
            let whole = try XCTUnwrap(Tern.parseAsRoot(arguments) as? Browse, "\(arguments)")
            XCTAssertEqual(Browse.flagsAlone(arguments[...]), whole.settings, "\(arguments)")
        }
        let help = Browse.helpMessage()
        for flag in flags { XCTAssertTrue(help.contains(flag + " "), "\(flag) is not one of browse's flags") }
        for other in [[], ["--offline", "--offline"], ["--offline", "--timeline", "local"], ["--timeline=local"], ["browse", "--offline"],
                      ["--offline", "--help"], ["--version"], ["demo"], ["--nonsense"], ["-h"]] {
            XCTAssertNil(Browse.flagsAlone(other[...]), "\(other)")
        }
    }

    func testOnlyArgumentsThatCanBrowseReadAhead() {
        XCTAssertTrue(Browse.mayBrowse([]))
        XCTAssertTrue(Browse.mayBrowse(["--offline", "--timeline", "home"]))
        XCTAssertTrue(Browse.mayBrowse(["browse"]))
        for other in [["accounts"], ["demo"], ["sync", "--all-accounts"], ["--help"], ["--offline", "-h"], ["--version"], ["help"]] {
            XCTAssertFalse(Browse.mayBrowse(other[...]), "\(other)")
        }
    }
}

/// `--timeline` takes what the `t` picker offers (issue 35): it took only five of them.
final class TimelineChoiceTests: XCTestCase {
    func testTheTimelinesThePickerOffers() {
        XCTAssertEqual(TimelineChoice("home")?.id, .home)
        XCTAssertEqual(TimelineChoice("Saved")?.id, .bookmarks)
        XCTAssertEqual(TimelineChoice("liked")?.id, .favourites)
        XCTAssertEqual(TimelineChoice("favourites")?.id, .favourites)
        XCTAssertEqual(TimelineChoice("#gardening")?.id, .hashtag("gardening"))
        XCTAssertEqual(TimelineChoice("tag:caturday")?.id, .hashtag("caturday"))
        XCTAssertEqual(TimelineChoice("notifications")?.id, .home)
        XCTAssertEqual(TimelineChoice("notifications")?.notifications, true, "the notifications over the home timeline")
        XCTAssertEqual(TimelineChoice("local")?.notifications, false)
        XCTAssertEqual(TimelineChoice("list: Friends")?.listTitle, "Friends", "found by title on the server")
        XCTAssertNil(TimelineChoice("list:"))
        XCTAssertNil(TimelineChoice("#"))
        XCTAssertNil(TimelineChoice("#two words"))
        XCTAssertNil(TimelineChoice("elsewhere"))
    }

    /// A list by its title: its id is asked of the server; a title it lacks says which lists there are.
    func testAListIsFoundByItsTitleOnTheServer() async throws {
        let server = try await DemoServer.start()
        let target = Target(baseURL: URL(string: server.baseURL)!, token: "t", storeKey: "test", title: "demo")
        let found = try await Task.detached { try TimelineChoice("list:friends")!.resolved(target) }.value
        guard case .list(_, "Friends") = found.id else { return XCTFail("\(found.id)") }
        do {
            _ = try await Task.detached { try TimelineChoice("list:Enemies")!.resolved(target) }.value
            XCTFail("a list that isn't there was found")
        } catch {
            XCTAssertTrue("\(error)".contains("no list called \"Enemies\"; yours: Friends"), "\(error)")
        }
        await server.stop()
    }
}
