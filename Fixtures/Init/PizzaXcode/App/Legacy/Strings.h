// Old Objective-C screens read their text through this macro.
#define PZLocalizedString(key) NSLocalizedStringFromTable(key, @"Localizable", nil)
