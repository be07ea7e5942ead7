@testable import LinzaSetup
import LinzaTestSupport
import Testing

/// `init`'s "development keys no call uses" counts the tables code reads only: a storyboard's
/// table (named after it, or of object ids only) and the tables the system reads are used by
/// name. MonitorControl's 140 `Main` and 3 `InternetAccessPolicy` keys made "143 of 194 look
/// unused" of an app whose code reads all of its 51 keys, and init advised `unused_key: off`.
@Suite struct SurveyedKeysTests {
    @Test func onlyTablesCodeReadsAreCounted() {
        let project = TemporaryDirectory()
        project.write("App/Main.storyboard", "<document/>\n")
        project.write(
            "App/en.lproj/Main.strings", "\"BYZ-38-t0r.title\" = \"Window\";\n\"8bC-Xf-vdC.text\" = \"Hello\";\n")
        project.write("App/en.lproj/Menu.strings", "\"K2R-bn-XsK.title\" = \"About\";\n")
        project.write("App/en.lproj/InternetAccessPolicy.strings", "\"Purpose\" = \"Checks for updates\";\n")
        project.write("App/en.lproj/Localizable.strings", "\"quit\" = \"Quit\";\n\"old\" = \"Old\";\n")
        project.write("App/App.swift", #"let quit = NSLocalizedString("quit", comment: "")"# + "\n")
        let survey = ProjectSurvey(surveying: project.path)
        #expect(survey.surveyedKeys == 2)
        #expect(survey.unusedKeys == 1)
    }
}
