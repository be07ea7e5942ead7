std::string name = "NSLocalizedString(@\"cpp.fake\", nil)";
NSString *title = NSLocalizedString(@"cpp.title", @"Objective-C++ file");
