import Testing

import SectionSiteEngine
@testable import SectionSiteImport

/// The importers' problems: every kind has an identifier of its own, `import.<kebab-case>`, named here.
@Suite("Import problems")
struct ImportProblemTests {
    static let every: [(ImportProblem, Diagnostic.ID)] = [
        (.sourceNotAFolder("a"), "import.source-not-a-folder"),
        (.destinationIsAFile("a"), "import.destination-is-a-file"),
        (.destinationNotEmpty("a"), "import.destination-not-empty"),
        (.cannotList("a", reason: "r"), "import.cannot-list"),
        (.refusedPath("a", folder: "b", problem: "p"), "import.refused-path"),
        (.cannotMakeFolder("a", reason: "r"), "import.cannot-make-folder"),
        (.cannotMakeFolderFor("a", reason: "r"), "import.cannot-make-folder-for"),
        (.cannotWrite("a", reason: "r"), "import.cannot-write"),
        (.cannotMove("a", to: "b", reason: "r"), "import.cannot-move"),
        (.cannotRead("a", reason: "r"), "import.cannot-read"),
        (.settingsDoNotParse("_config.yml", error: "e"), "import.settings-do-not-parse"),
    ]

    @Test("every kind has its own identifier, import.kebab-case, and words without a full stop")
    func identifiers() {
        for (problem, expected) in Self.every {
            #expect(
                problem.id == expected && problem.id.rawValue.wholeMatch(of: /import\.[a-z0-9]+(-[a-z0-9]+)*/) != nil)
            #expect(!problem.message.isEmpty && !problem.message.hasSuffix(".") && problem.severity == .error)
        }
        #expect(Set(Self.every.map(\.0.id)).count == Self.every.count)
    }

    @Test("a message said twice is one kind: the folder the import could not make, the settings that do not parse")
    func merged() {
        #expect(
            ImportProblem.cannotMakeFolder("/a", reason: "Permission denied").message
                == "could not make the folder '/a': Permission denied")
        #expect(ImportProblem.settingsDoNotParse("hugo.toml", error: "e").message == "hugo.toml does not parse: e")
        #expect(
            ImportProblem.cannotRead("a.png", reason: "no such file").message == "could not read 'a.png': no such file")
    }
}
