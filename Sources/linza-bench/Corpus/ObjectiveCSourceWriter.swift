/// Writes an Objective-C view controller of a module, as older parts of big apps have:
/// `NSLocalizedString(@"key", @"comment")` and the table forms.
struct ObjectiveCSourceWriter {
    private(set) var text = ""
    private(set) var lineCount = 0

    /// Writes a file using `calls` of the module's keys; returns the module with the keys used.
    mutating func write(module: CorpusModule, calls: Int, random: inout SeededRandom) -> CorpusModule {
        var module = module
        let className = "\(module.name)LegacyViewController"
        add("//  \(className).m")
        add("//  \(module.name)")
        add("")
        add("#import \"\(className).h\"")
        add("")
        add("@implementation \(className)")
        add("")
        add("- (void)viewDidLoad {")
        add("    [super viewDidLoad];")
        add("    // Kept in Objective-C until the \(module.name) rewrite.")
        for index in 0..<calls {
            let key = module.keyForCall(.plain, screen: "legacy", random: &random)
            let comment = "@\"\(key.comment)\""
            if key.english.contains("%") {
                add("    NSString *format\(index) = NSLocalizedString(@\"\(key.name)\", \(comment));")
                add("    self.label\(index).text = [NSString stringWithFormat:format\(index), @\"x\", 1, 2.0];")
            } else if index % 3 == 2 {
                add(
                    "    self.label\(index).text = NSLocalizedStringFromTable(@\"\(key.name)\", @\"Localizable\", \(comment));"
                )
            } else {
                add("    self.label\(index).text = NSLocalizedString(@\"\(key.name)\", \(comment));")
            }
            add("    /* layout */ [self.view setNeedsLayout];")
        }
        add("}")
        add("")
        add("@end")
        return module
    }

    private mutating func add(_ line: String) {
        text += line + "\n"
        lineCount += 1
    }
}
