import Foundation
@testable import TernTerminal
import XCTest

final class TerminalAlertTests: XCTestCase {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testEachTerminalGetsItsOwnNotificationAndTheRestTheBell() {
        func alert(_ terminal: String?, tmux: Bool = false, passthrough: Bool = false, env: [String: String] = [:],
                   mode: TerminalAlert.Mode = .desktop) -> String {
            text(TerminalAlert.bytes(title: "Tern", body: "Ada mentioned you", mode: mode, terminal: terminal, insideTmux: tmux,
                                     passthrough: passthrough, environment: env))
        }
        XCTAssertEqual(alert("kitty(0.26.5)"), "\u{1B}]99;i=1:d=0;Tern\u{1B}\\\u{1B}]99;i=1:d=1:p=body;Ada mentioned you\u{1B}\\")
        XCTAssertEqual(alert("WezTerm 20240203"), "\u{1B}]9;Tern: Ada mentioned you\u{07}")
        XCTAssertEqual(alert("foot(1.16.2)"), "\u{1B}]9;Tern: Ada mentioned you\u{07}")
        XCTAssertEqual(alert(nil, env: ["VTE_VERSION": "7200"]), "\u{1B}]777;notify;Tern;Ada mentioned you\u{07}")
        XCTAssertEqual(alert("XTerm(379)"), "\u{07}", "a terminal with no notification of its own rings")
        XCTAssertEqual(alert("WezTerm", tmux: true), "\u{07}", "tmux without passthrough lets only the bell out")
        XCTAssertEqual(alert("WezTerm", tmux: true, passthrough: true), "\u{1B}Ptmux;\u{1B}\u{1B}]9;Tern: Ada mentioned you\u{07}\u{1B}\\")
        XCTAssertEqual(alert("WezTerm", mode: .bell), "\u{07}")
        XCTAssertEqual(alert("WezTerm", mode: .off), "")
    }

    /// What a server sent can't end the sequence early, split its fields or reach the terminal as control.
    func testAHostileNameIsWordsOnly() {
        let bytes = TerminalAlert.bytes(title: "Tern", body: "Eve\u{1B}]0;owned\u{07}; rm\u{9B}31m mentioned you", mode: .desktop,
                                        terminal: nil, insideTmux: false, passthrough: false, environment: ["VTE_VERSION": "1"])
        let body = text(bytes).dropFirst("\u{1B}]777;notify;Tern;".count).dropLast()
        XCTAssertFalse(body.unicodeScalars.contains { $0.value < 0x20 || $0 == ";" || (0x80...0x9F).contains($0.value) }, String(body))
        XCTAssertTrue(body.hasSuffix("mentioned you"), String(body))
        XCTAssertEqual(bytes.last, 0x07)
    }
}
