@testable import LinzaBase
@testable import LinzaSetup
import LinzaTestSupport
import Testing

/// Xcode 16's synchronized folders and their exception sets, in IceCubesApp's shape: an
/// exception set names files whose membership in its target is the opposite of the folder's.
@Suite struct SynchronizedFolderTests {
    let project = TemporaryDirectory()

    /// `App` is the app's folder: its `Info.plist` and `WidgetOnly.swift` are left out of the
    /// app; the widget takes `WidgetOnly.swift` and the notification extension the app's
    /// catalog. `Notifications` is in no target's folders: the extension takes its principal
    /// class `NotificationService.swift` by exception, and not its `Info.plist`.
    static let pbxproj = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                P0000000000000000000001 = {isa = PBXProject; developmentRegion = en; mainGroup = P0000000000000000000002;
                    targets = (T0000000000000000000APP, T000000000000000000WIDG, T000000000000000000NOTI, ); };
                P0000000000000000000002 = {isa = PBXGroup; children = (G0000000000000000000APP, G000000000000000000WIDG,
                    G000000000000000000NOTI, ); sourceTree = "<group>"; };
                G0000000000000000000APP = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E000000000000000000APP1,
                    E000000000000000000APP2, E000000000000000000APP3, ); path = App; sourceTree = "<group>"; };
                G000000000000000000WIDG = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
                G000000000000000000NOTI = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E000000000000000000NOT1, );
                    path = Notifications; sourceTree = "<group>"; };
                E000000000000000000APP1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                    membershipExceptions = (Info.plist, WidgetOnly.swift, ); target = T0000000000000000000APP; };
                E000000000000000000APP2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                    membershipExceptions = (Resources/Localizable.xcstrings, "../Widget/Outside.swift", ); target = T000000000000000000NOTI; };
                E000000000000000000APP3 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                    membershipExceptions = (WidgetOnly.swift, ); target = T000000000000000000WIDG; };
                E000000000000000000NOT1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
                    membershipExceptions = (NotificationService.swift, ); target = T000000000000000000NOTI; };
                T0000000000000000000APP = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (
                    G0000000000000000000APP, ); name = Cubes; productType = "com.apple.product-type.application"; };
                T000000000000000000WIDG = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (
                    G000000000000000000WIDG, ); name = Widgets; productType = "com.apple.product-type.app-extension"; };
                T000000000000000000NOTI = {isa = PBXNativeTarget; buildPhases = (); name = Notifications;
                    productType = "com.apple.product-type.app-extension"; };
            };
            rootObject = P0000000000000000000001;
        }
        """

    init() {
        project.write("Cubes.xcodeproj/project.pbxproj", Self.pbxproj)
        project.write("App/AppView.swift", #"let title = String(localized: "timeline.title")"# + "\n")
        project.write("App/WidgetOnly.swift", #"let widget = String(localized: "widget.title")"# + "\n")
        project.write("App/Info.plist", "<plist/>\n")
        project.write(
            "App/Resources/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "timeline.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Timeline"}}}},
              "widget.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Widget"}}}},
              "notification.mention": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "mentioned you"}}}}
            }}
            """)
        project.write("Widget/Outside.swift", "let outside = 1\n")
        project.write(
            "Notifications/NotificationService.swift",
            #"let body = NSLocalizedString("notification.mention", bundle: .main, comment: "")"# + "\n")
        project.write("Notifications/Info.plist", "<plist/>\n")
    }

    @Test func anExceptionSetInvertsItsTargetsMembershipOfTheFolder() throws {
        let xcode = try XcodeProject(path: project.path + "/Cubes.xcodeproj")
        func takes(_ target: String, _ file: String) -> Bool {
            xcode.targets.first { $0.name == target }!.synchronized.contains(project.path + "/" + file)
        }
        // The folder's own target, less what its exception set for that target names.
        #expect(takes("Cubes", "App/AppView.swift"))
        #expect(!takes("Cubes", "App/WidgetOnly.swift") && !takes("Cubes", "App/Info.plist"))
        #expect(takes("Cubes", "App/Resources/Localizable.xcstrings"))
        // Another target, only what an exception set for it names.
        #expect(takes("Widgets", "App/WidgetOnly.swift") && takes("Widgets", "Widget/Outside.swift"))
        #expect(!takes("Widgets", "App/AppView.swift"))
        #expect(takes("Notifications", "Notifications/NotificationService.swift"))
        #expect(takes("Notifications", "App/Resources/Localizable.xcstrings"))
        #expect(!takes("Notifications", "Notifications/Info.plist") && !takes("Notifications", "App/AppView.swift"))
        // A name climbing out of its folder is no member of it.
        #expect(!takes("Notifications", "Widget/Outside.swift"))
    }

    @Test func theExtensionsPrincipalClassIsCompiledAndReadsTheAppsCatalog() {
        let survey = ProjectSurvey(surveying: project.path)
        // The extension ships the app's catalog, so it is part of the app's module.
        #expect(survey.modules.map(\.name) == ["Cubes"])
        #expect(
            survey.modules[0].sources.map { Path.relative($0, to: project.path)! }.sorted()
                == ["App/AppView.swift", "Notifications/NotificationService.swift"])
        #expect(survey.uncompiledSources.isEmpty)
        // The widget compiles WidgetOnly.swift, but ships no tables and no app embeds it.
        #expect(survey.unembeddedTargets.map(\.origin) == ["target Widgets (app-extension) in Cubes.xcodeproj"])
    }
}
