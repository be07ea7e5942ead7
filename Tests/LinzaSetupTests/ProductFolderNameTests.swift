@testable import LinzaBase
@testable import LinzaSetup
import LinzaTestSupport
import Testing

/// A folder named like screenshots or tests is left out by its name, at any depth, unless a
/// target that is no test compiles code in one of them (Cryptomator's `Cryptomator/Snapshots`,
/// compiled into the app under `#if SNAPSHOTS`, beside the UI-test target's `Snapshots`):
/// then only the other folders of that name are left out, each by its path.
@Suite struct ProductFolderNameTests {
    let project = TemporaryDirectory()

    static func pbxproj(appFolder: String) -> String {
        """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                P0000000000000000000001 = {isa = PBXProject; developmentRegion = en; mainGroup = P0000000000000000000002;
                    targets = (T0000000000000000000APP, T00000000000000000UITST, ); };
                P0000000000000000000002 = {isa = PBXGroup; children = (G0000000000000000000APP, G00000000000000000UITST,
                    ); sourceTree = "<group>"; };
                G0000000000000000000APP = {isa = PBXFileSystemSynchronizedRootGroup; path = \(appFolder); sourceTree = "<group>"; };
                G00000000000000000UITST = {isa = PBXFileSystemSynchronizedRootGroup; path = Snapshots; sourceTree = "<group>"; };
                T0000000000000000000APP = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (
                    G0000000000000000000APP, ); name = Vault; productType = "com.apple.product-type.application"; };
                T00000000000000000UITST = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (
                    G00000000000000000UITST, ); name = Snapshots; productType = "com.apple.product-type.bundle.ui-testing"; };
            };
            rootObject = P0000000000000000000001;
        }
        """
    }

    init() {
        project.write("App/Main.swift", #"let title = NSLocalizedString("vault.title", comment: "")"# + "\n")
        project.write(
            "App/Snapshots/SnapshotData.swift", #"let demo = NSLocalizedString("snapshots.vault1", comment: "")"# + "\n"
        )
        project.write("Snapshots/SnapshotTests.swift", "import XCTest\n")
        project.write("AppTests/MainTests.swift", "import XCTest\n")
    }

    @Test func aProductFolderIsNotLeftOutWithTheUITestsOfItsName() {
        project.write("Vault.xcodeproj/project.pbxproj", Self.pbxproj(appFolder: "App"))
        let layout = ProjectLayout(walking: project.path)
        #expect(layout.nonProductFolders == ["./Snapshots", "AppTests"])
        let survey = ProjectSurvey(surveying: project.path)
        #expect(
            survey.discoveredSources.map { Path.relative($0, to: project.path) }.contains(
                "App/Snapshots/SnapshotData.swift"))
        #expect(!survey.discoveredSources.contains { $0.hasSuffix("SnapshotTests.swift") })
    }

    @Test func withoutProductCodeInsideTheNameStillLeavesEveryFolderOut() {
        // The app's target takes `Other` only: `App/Snapshots` is compiled by none.
        project.write("Vault.xcodeproj/project.pbxproj", Self.pbxproj(appFolder: "Other"))
        #expect(ProjectLayout(walking: project.path).nonProductFolders == ["AppTests", "Snapshots"])
    }
}
