// swift-tools-version:6.2
import Foundation
import PackageDescription

/// A system library target backed by pkg-config, with a one-header shim.
func systemLibrary(_ name: String, _ pkg: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkg, providers: [.apt([apt])])
}

/// A picture codec's header alone (from Debian's -dev package): the library is opened at run time by
/// CPictureLibraries, so nothing links it, and pkg-config, which would, is not asked.
func pictureHeaders(_ name: String) -> Target { .systemLibrary(name: name, path: "Sources/\(name)") }

// Where Debian keeps chafa's and GLib's headers (their configuration headers are per architecture), for
// CPictureLibraries' own C file only: Swift sees its stand-alone declarations of chafa.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let chafaIncludes = ["/usr/include/chafa", "/usr/lib/\(multiarch)/chafa/include",
                     "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include"].map { "-I" + $0 }

let package = Package(
    name: "Tern",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tern", targets: ["tern"]),
        .executable(name: "tern-bench", targets: ["tern-bench"]),
        // For tests and tern-bench only (LD_PRELOAD): counts and slows the store's syncs. Not installed.
        .library(name: "TernSyncProbe", type: .dynamic, targets: ["CSyncProbe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        systemLibrary("CNcursesw", "ncursesw", apt: "libncurses-dev"),
        pictureHeaders("CTurboJPEG"),
        pictureHeaders("CPNG"),
        pictureHeaders("CWebP"),
        pictureHeaders("CGIF"),
        // The picture libraries' functions, each forwarded to the library opened on first use (see its header).
        .target(name: "CPictureLibraries", cSettings: [.unsafeFlags(chafaIncludes)]),
        // libxml2 is opened when HTML is first read (see its header), so it is not linked: only its headers,
        // from Debian's libxml2-dev, are needed to build.
        .target(name: "CLibXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),

        .target(name: "CSyncProbe", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // zlib, which the program links already (Foundation's), for kitty's deflated pixels.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        .target(name: "TernModel", dependencies: ["CMalloc"]),
        .target(name: "TernHTTP", dependencies: [
            .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .target(name: "TernMastodon", dependencies: [
            .product(name: "WSClient", package: "swift-websocket"),
            "TernModel", "TernHTTP", "CLibXML2",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .target(name: "TernWebFeeds", dependencies: [
            "CLibXML2", "TernModel", "TernStore", "TernHTTP",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .target(name: "TernStore", dependencies: ["TernModel", .product(name: "GRDB", package: "GRDB.swift"),
                                                  .product(name: "Logging", package: "swift-log")]),
        .target(name: "TernImages", dependencies: [
            "TernModel", "TernHTTP", "CTurboJPEG", "CPNG", "CWebP", "CGIF", "CPictureLibraries", "CZlib",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Subprocess", package: "swift-subprocess"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .target(name: "TernFeed", dependencies: [
            "TernModel", "TernMastodon", "TernStore", .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "TernTerminal", dependencies: ["CNcursesw", "TernModel", .product(name: "Logging", package: "swift-log")]),
        .target(name: "TernUI", dependencies: [
            "TernFeed", "TernMastodon", "TernImages", "TernTerminal", "TernModel", "TernStore", "TernHTTP",
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ], linkerSettings: [
            // Start-up: lld packs the ~135,000 relative relocations the loader would otherwise apply one by one
            // (DT_RELR, glibc 2.36+), and nothing outside needs the program's own symbols exported (the static
            // stdlib's link arguments export them). 4 MB less resident and ~5 ms less to the first frame.
            // The code Tern runs goes first and side by side, as scripts/hot-code.ld lists it (scripts/hot-code.sh):
            // the kernel maps code in 64 KB blocks around each page touched, and spread over a 30 MB .text, the
            // code of a start kept 17 MB resident; now 6 MB (with `make release`'s function sections), and 9 MB
            // once the list had gone stale: rerun the script after large changes (a list two rounds of work old
            // cost 2-3 MiB of first-paint.sh's peak RSS: 22.8-23.6 MiB against 20.4-20.9 made afresh; one round
            // old, 0.7: 20.6-20.7 MiB against 19.9, newsboat's 19.6-19.7).
            .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
                          "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/scripts/hot-code.ld"],
                         .when(platforms: [.linux], configuration: .release)),
        ]),
        .target(name: "TernDemo", dependencies: [
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            "TernModel", "TernImages", "CWebP", "CGIF", "CPictureLibraries",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "tern", dependencies: [
            "TernUI", "TernDemo", "TernFeed", "TernMastodon", "TernImages", "TernStore", "TernTerminal", "TernHTTP", "TernWebFeeds",
            "TernModel",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        .executableTarget(name: "tern-bench", dependencies: [
            "TernUI", "TernDemo", "TernFeed", "TernMastodon", "TernImages", "TernTerminal", "TernStore", "TernHTTP", "TernModel",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        .target(name: "TernFuzzTargets", dependencies: ["TernMastodon", "TernImages", "TernTerminal", "TernModel"]),

        // Tests' own helpers (a log kept in memory), shared by the test targets.
        .target(name: "TernTestSupport", dependencies: ["TernHTTP", .product(name: "Logging", package: "swift-log"),
                                                     .product(name: "AsyncHTTPClient", package: "async-http-client")],
                path: "Tests/TernTestSupport"),
        .testTarget(name: "TernModelTests", dependencies: ["TernModel"]),
        .testTarget(name: "TernWebFeedsTests", dependencies: [
            "TernWebFeeds", "TernStore", "TernModel", "TernHTTP", "TernDemo",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
        .testTarget(name: "TernFuzzTargetsTests", dependencies: ["TernFuzzTargets"]),
        .testTarget(name: "TernMastodonTests", dependencies: ["TernMastodon", "TernDemo", "TernHTTP", "TernModel", "TernTestSupport",
                                                           .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                           .product(name: "NIOHTTP1", package: "swift-nio")]),
        .testTarget(name: "TernFeedTests", dependencies: ["TernFeed", "TernDemo", "TernMastodon", "TernStore", "TernHTTP", "TernImages", "TernModel",
                                                       "TernTestSupport",
                                                       .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                                       .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "TernTerminalTests", dependencies: ["TernTerminal", "TernModel"]),
        .testTarget(name: "TernStoreTests", dependencies: ["TernStore", "TernModel", "TernTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "TernImagesTests", dependencies: ["TernImages", "TernDemo", "TernHTTP", "TernModel", "CPictureLibraries", "TernTestSupport",
                                                         .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        .testTarget(name: "TernUITests", dependencies: ["TernUI", "TernDemo", "TernMastodon", "TernFeed", "TernImages", "TernTerminal",
                                                     "TernModel", "TernHTTP", "TernStore", "CZlib", "TernTestSupport",
                                                     .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        .testTarget(name: "EndToEndTests", dependencies: ["TernDemo", "TernModel", "TernStore"]),
        .testTarget(name: "TernCommandTests", dependencies: ["tern", "TernModel", "TernDemo", "TernUI", "TernTestSupport", .product(name: "Logging", package: "swift-log")]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` only: the libFuzzer driver, built with -sanitize=fuzzer in its own build folder.
if ProcessInfo.processInfo.environment["TERN_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "tern-fuzz", dependencies: ["TernFuzzTargets"], path: "Fuzz/TernFuzz"))
    package.products.append(.executable(name: "tern-fuzz", targets: ["tern-fuzz"]))
}
