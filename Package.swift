// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ghscroll",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ListCore", targets: ["ListCore"]),
        .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "PageCache", targets: ["PageCache"]),
        .library(name: "Platform", targets: ["Platform"]),
        .executable(name: "ghscroll", targets: ["ghscroll"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CImage", path: "Sources/CImage"),
        .target(name: "Avatars", dependencies: ["CImage"]),
        .target(name: "ListCore"),
        // Spawning children and PATH look-ups; imports none of our modules.
        .target(name: "Platform"),
        .target(name: "GitHubAPI", dependencies: ["ListCore", "Platform", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "FakeGitHub",
            dependencies: ["CImage", .product(name: "FlyingFox", package: "FlyingFox"),
                           .product(name: "FlyingSocks", package: "FlyingFox"),
                           .product(name: "GraphQL", package: "GraphQL")]
        ),
        .target(name: "TerminalUI", dependencies: ["ListCore", "CNcurses"]),
        .target(
            name: "PageCache",
            dependencies: [
                "GitHubAPI",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "Browser",
            dependencies: ["ListCore", "GitHubAPI", "TerminalUI", "Avatars", "Platform", .product(name: "Logging", package: "swift-log")]
        ),
        .executableTarget(
            name: "ghscroll",
            dependencies: [
                "ListCore", "GitHubAPI", "FakeGitHub", "TerminalUI", "Browser", "PageCache", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .executableTarget(
            name: "ghscroll-bench",
            dependencies: ["ListCore", "TerminalUI", "FakeGitHub", "Browser", "GitHubAPI", "Platform"],
            path: "Benchmarks",
            exclude: ["Floor"]
        ),
        // The same scrolling frames drawn by ncurses with no program around it, for the bench.
        .executableTarget(
            name: "ncurses-floor",
            path: "Benchmarks/Floor",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .testTarget(name: "ListCoreTests", dependencies: ["ListCore"]),
        .testTarget(name: "GitHubAPITests", dependencies: ["GitHubAPI", "FakeGitHub", "ListCore",
                                                         .product(name: "Logging", package: "swift-log"),
                                                         .product(name: "GraphQL", package: "GraphQL")]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "ListCore", "CNcurses"]),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "GitHubAPI", "TerminalUI", "ListCore"]),
        .testTarget(name: "AvatarsTests", dependencies: ["Avatars", "CImage", "TerminalUI"]),
        .testTarget(
            name: "PageCacheTests",
            dependencies: ["PageCache", "GitHubAPI", "FakeGitHub", "ListCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["FakeGitHub", "Platform", "Browser"]),
    ],
    swiftLanguageModes: [.v6]
)
