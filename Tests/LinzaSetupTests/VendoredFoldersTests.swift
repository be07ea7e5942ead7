import Testing

@testable import LinzaSetup

@Suite struct VendoredFoldersTests {
    /// A license is a text file: a source or resource named after licenses is not one, so
    /// it does not make its folder look like someone else's code.
    @Test func aLicenseIsATextFileNotCodeNamedAfterOne() {
        for name in ["LICENSE", "License.md", "LICENCE.txt", "COPYING", "LICENSE-MIT", "COPYING.LGPLv2.1"] {
            #expect(VendoredFolders.isLicense(name), "\(name)")
        }
        for name in ["LicenseItem.swift", "Licenses.rtf", "LicenseViewController.m", "Licenses.plist", "README.md"] {
            #expect(!VendoredFolders.isLicense(name), "\(name)")
        }
    }
}
