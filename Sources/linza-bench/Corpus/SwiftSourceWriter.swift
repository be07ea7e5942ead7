/// Writes Swift files shaped like an app's feature code: a header comment, imports, a type
/// with stored properties, computed properties and methods whose bodies mix control flow,
/// closures, comments, multi-line and raw strings, interpolation, plain string literals and
/// localization calls of every form Linza reads (about one call per 80 lines).
struct SwiftSourceWriter {
    private(set) var text = ""
    private(set) var lineCount = 0
    /// Calls whose key is built at run time: each is a `dynamic_key` finding.
    private(set) var dynamicCalls = 0
    private var indent = 0
    private var random: SeededRandom
    private var module: CorpusModule
    private let screen: String
    private let typeName: String

    static let screens = [
        "summary", "details", "list", "editor", "picker", "history", "overview", "welcome",
        "confirmation", "filters", "sheet", "banner", "card", "empty_state", "form",
    ]
    static let suffixes = [
        "ViewController", "ViewModel", "View", "Coordinator", "Presenter", "Cell", "Formatter",
        "Service", "Store",
    ]

    init(module: CorpusModule, fileIndex: Int, random: SeededRandom) {
        self.module = module
        self.random = random
        screen = Self.screens[fileIndex % Self.screens.count]
        let camel = screen.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        typeName =
            module.name + camel + Self.suffixes[(fileIndex / Self.screens.count) % Self.suffixes.count]
            + (fileIndex >= Self.screens.count * Self.suffixes.count ? String(fileIndex) : "")
    }

    var fileName: String { typeName + ".swift" }

    /// Writes the file with about `lines` lines; returns the module with the keys it used.
    mutating func write(lines: Int) -> CorpusModule {
        header()
        line("/// The \(screen.replacingUnderscores) screen of \(module.name): state, formatting and actions.")
        line("final class \(typeName) {")
        indent += 1
        storedProperties()
        while lineCount < lines - 2 {
            line("")
            // Weights per thousand pieces: about one localization call per 80 lines, one
            // dynamic key per 5 000, the rest ordinary code.
            switch random.int(0..<1000) {
            case 0..<30: computedTitle()
            case 30..<50: methodWithControlFlow()
            case 50..<60: swiftUISnippet()
            case 60..<68: pluralMessage()
            case 68..<80: formattedMessage()
            case 80..<84: enumMapping()
            case 84..<100: catalogOrDynamic()
            case 100..<102: dynamicCall()
            case 102..<300: closureChain()
            case 300..<420: multilineString()
            case 420..<520: blockComment()
            case 520..<780: logicMethod()
            default: networkRequest()
            }
        }
        indent -= 1
        line("}")
        return module
    }

    // MARK: - Pieces

    private mutating func header() {
        line("//")
        line("//  \(fileName)")
        line("//  \(module.name)")
        line("//")
        line("//  Copyright © 2026 Pizza Express. All rights reserved.")
        line("//")
        line("")
        line("import Foundation")
        if random.chance(40) { line("import SwiftUI") }
        line("")
    }

    private mutating func storedProperties() {
        line("private let service: \(module.name)Service")
        line("private var items: [\(module.name)Item] = []")
        line("private let formatter = NumberFormatter()")
        line("var onSelect: ((\(module.name)Item) -> Void)?")
        line("")
        line("init(service: \(module.name)Service) {")
        indented { $0.line("self.service = service") }
        line("}")
    }

    private mutating func computedTitle() {
        let key = module.keyForCall(.plain, screen: screen, random: &random)
        let name = identifier()
        let form = random.int(0..<7)
        line("/// \(key.comment)")
        if form == 6 && !key.english.contains("%") {
            line("var \(name): LocalizedStringResource {")
            indented { $0.line("LocalizedStringResource(\($0.quoted(key.name)), comment: \($0.quoted(key.comment)))") }
            line("}")
            return
        }
        line("var \(name): String {")
        let call: String
        switch form {
        case 0, 1: call = "NSLocalizedString(\(quoted(key.name)), comment: \(quoted(key.comment)))"
        case 2: call = "String(localized: \(quoted(key.name)))"
        case 3: call = "String(localized: \(quoted(key.name)), comment: \(quoted(key.comment)))"
        case 4: call = "Bundle.main.localizedString(forKey: \(quoted(key.name)), value: nil, table: nil)"
        default: call = "L10n.tr(\(quoted(key.name)))"
        }
        if key.english.contains("%") {
            indented { $0.line("String(format: \(call), \($0.arguments(for: key.english)))") }
        } else {
            indented { $0.line(call) }
        }
        line("}")
    }

    private mutating func methodWithControlFlow() {
        let name = identifier()
        line("func \(name)(for item: \(module.name)Item, animated: Bool = true) -> Bool {")
        indented { body in
            body.line("guard item.isAvailable, !items.isEmpty else {")
            body.indented { $0.line("print(\"\($0.typeName).\(name): nothing to show for \\(item.id)\")") }
            body.indented { $0.line("return false") }
            body.line("}")
            body.line("// Items may arrive twice when the socket reconnects; keep the newest.")
            body.line("if let index = items.firstIndex(where: { $0.id == item.id }) {")
            body.indented { $0.line("items[index] = item") }
            body.line("} else {")
            body.indented { $0.line("items.append(item)") }
            body.line("}")
            body.line("switch item.state {")
            body.line("case .ready:")
            let key = body.module.keyForCall(.plain, screen: body.screen, random: &body.random)
            body.indented {
                $0.line("showBanner(NSLocalizedString(\($0.quoted(key.name)),")
                $0.line("                             comment: \($0.quoted(key.comment))))")
            }
            body.line("case .failed(let error):")
            body.indented { $0.line("log(\"failed: \\(error.localizedDescription)\", level: .error)") }
            body.line("default:")
            body.indented { $0.line("break") }
            body.line("}")
            body.line("return animated && item.count > \(body.random.int(0...9))")
        }
        line("}")
    }

    private mutating func closureChain() {
        let name = identifier()
        line("func \(name)() -> [String] {")
        indented { body in
            body.line("items")
            body.indented {
                $0.line(".filter { $0.isAvailable && $0.price > \($0.random.int(1...50)) }")
                $0.line(".sorted { lhs, rhs in lhs.price < rhs.price }")
                $0.line(".map { item in")
                $0.indented {
                    $0.line("\"\\(item.name) — \\(formatter.string(from: item.price as NSNumber) ?? \"?\")\"")
                }
                $0.line("}")
            }
        }
        line("}")
    }

    private mutating func multilineString() {
        line("private var debugDescription: String {")
        indented {
            $0.line("\"\"\"")
            $0.line("\($0.typeName) with \\(items.count) items")
            $0.line("  state: \\(items.map(\\.id))")
            $0.line("  pattern: \\(pattern)")
            $0.line("\"\"\"")
        }
        line("}")
        line("private let pattern = #\"^\\d{3}-\\d{2}\\s\"(?<code>[A-Z]+)\"$\"#")
    }

    private mutating func blockComment() {
        line("/*")
        line(" Legacy flow, kept until the \(screen.replacingUnderscores) redesign ships:")
        line("   let title = NSLocalizedString(\"\(module.prefix).legacy.\(screen)\", comment: \"\")")
        line(" The key above is commented out, so Linza must not read it.")
        line(" */")
    }

    private mutating func swiftUISnippet() {
        let title = module.keyForCall(.plain, screen: screen, random: &random)
        let button = module.keyForCall(.plain, screen: screen, random: &random)
        let plainTitle = !title.english.contains("%")
        let plainButton = !button.english.contains("%")
        line("@ViewBuilder")
        line("func \(identifier())Section(isLoading: Bool) -> some View {")
        indented { body in
            body.line("VStack(alignment: .leading, spacing: 8) {")
            body.indented {
                if plainTitle {
                    $0.line("Text(\($0.quoted(title.name)))")
                } else {
                    $0.line(
                        "Text(String(format: NSLocalizedString(\($0.quoted(title.name)), comment: \"\"), \($0.arguments(for: title.english))))"
                    )
                }
                $0.indented { $0.line(".font(.headline)") }
                if plainButton {
                    $0.line("Button(\($0.quoted(button.name))) {")
                } else {
                    $0.line(
                        "Button(String(format: String(localized: \($0.quoted(button.name))), \($0.arguments(for: button.english)))) {"
                    )
                }
                $0.indented { $0.line("onSelect?(items[0])") }
                $0.line("}")
                $0.line("if isLoading { ProgressView() }")
            }
            body.line("}")
        }
        line("}")
    }

    private mutating func pluralMessage() {
        let key = module.keyForCall(.plural, screen: screen, random: &random)
        line("func \(identifier())(count: Int) -> String {")
        indented {
            $0.line(
                "let format = NSLocalizedString(\($0.quoted(key.name)), tableName: \"Plurals\", comment: \($0.quoted(key.comment)))"
            )
            $0.line("return String.localizedStringWithFormat(format, count)")
        }
        line("}")
    }

    private mutating func formattedMessage() {
        let key = module.keyForCall(.plain, screen: screen, random: &random)
        line("func \(identifier())(for item: \(module.name)Item) -> String {")
        indented { body in
            body.line("// \(key.comment)")
            if !key.english.contains("%") {
                body.line("return L10n.tr(\(body.quoted(key.name)))")
                return
            }
            body.line("let format = NSLocalizedString(")
            body.indented {
                $0.line($0.quoted(key.name) + ",")
                $0.line("comment: " + $0.quoted(key.comment))
            }
            body.line(")")
            body.line("return String(format: format, \(body.arguments(for: key.english)))")
        }
        line("}")
    }

    private mutating func enumMapping() {
        let keys = (0..<3).map { _ in module.keyForCall(.plain, screen: screen, random: &random) }
        line("enum \(identifier().capitalizedFirst)Option: CaseIterable {")
        indented { body in
            body.line("case first, second, third")
            body.line("")
            body.line("var title: String {")
            body.indented { inner in
                inner.line("switch self {")
                for (name, key) in zip(["first", "second", "third"], keys) {
                    inner.line("case .\(name):")
                    let call = "NSLocalizedString(\(inner.quoted(key.name)), comment: \"\")"
                    inner.indented {
                        $0.line(
                            key.english.contains("%")
                                ? "String(format: \(call), \($0.arguments(for: key.english)))" : call)
                    }
                }
                inner.line("}")
            }
            body.line("}")
        }
        line("}")
    }

    private mutating func catalogOrDynamic() {
        if module.hasCatalog && random.chance(80) {
            let key = module.keyForCall(.catalog, screen: screen, random: &random)
            line("var \(identifier()): String {")
            indented {
                let call = "String(localized: \($0.quoted(key.name)), table: \($0.quoted($0.module.catalogName)))"
                $0.line(key.english.contains("%") ? "String(format: \(call), \($0.arguments(for: key.english)))" : call)
            }
            line("}")
        } else {
            let key = module.keyForCall(.plain, screen: screen, random: &random)
            line(
                "private let \(identifier())Key = \"analytics.\(screen).\(random.int(0...99))\"  // not a localization key"
            )
            line("lazy var \(identifier()): String = {")
            indented {
                let call =
                    "NSLocalizedString(\($0.quoted(key.name)), tableName: nil, bundle: .main, value: \"\", comment: \"\")"
                $0.line(key.english.contains("%") ? "String(format: \(call), \($0.arguments(for: key.english)))" : call)
            }
            line("}()")
        }
    }

    private mutating func logicMethod() {
        let name = identifier()
        line("/// Recomputes the totals shown in the footer; called after every change to `items`.")
        line("private func \(name)(discount: Decimal?) -> Decimal {")
        indented { body in
            body.line("var total: Decimal = 0")
            body.line("for item in items where item.isAvailable {")
            body.indented { loop in
                loop.line("let price = item.price * Decimal(item.count)")
                loop.line("guard price > 0 else { continue }")
                loop.line("total += price")
            }
            body.line("}")
            body.line("if let discount, discount < total {")
            body.indented { $0.line("total -= discount  // never below zero") }
            body.line("}")
            body.line("return (total * \(body.random.int(90...110)) / 100).rounded(scale: 2)")
        }
        line("}")
    }

    private mutating func networkRequest() {
        let name = identifier()
        line("func \(name)() async throws -> [\(module.name)Item] {")
        indented { body in
            body.line(
                "var request = URLRequest(url: URL(string: \"https://api.example.com/v2/\(body.module.prefix)/\(body.screen)\")!)"
            )
            body.line("request.httpMethod = \"GET\"")
            body.line("request.setValue(\"application/json\", forHTTPHeaderField: \"Accept\")")
            body.line("let (data, response) = try await URLSession.shared.data(for: request)")
            body.line("guard (response as? HTTPURLResponse)?.statusCode == 200 else {")
            body.indented { $0.line("throw \($0.module.name)Error.badStatus") }
            body.line("}")
            body.line("let decoder = JSONDecoder()")
            body.line("decoder.keyDecodingStrategy = .convertFromSnakeCase")
            body.line("return try decoder.decode([\(body.module.name)Item].self, from: data)")
        }
        line("}")
    }

    /// `NSLocalizedString("prefix.step.\(step)")`: the tables hold every step's key.
    private mutating func dynamicCall() {
        if module.dynamicKeyNames.isEmpty {
            module.dynamicKeyNames = (0..<4).map { "\(module.prefix).step.\($0)" }
        }
        dynamicCalls += 1
        line("func stepTitle(_ step: Int) -> String {")
        indented { $0.line("NSLocalizedString(\"\($0.module.prefix).step.\\(step)\", comment: \"Onboarding step\")") }
        line("}")
    }

    // MARK: - Text

    private mutating func line(_ content: String) {
        if !content.isEmpty { text += String(repeating: "    ", count: indent) }
        text += content
        text += "\n"
        lineCount += 1
    }

    private mutating func indented(_ body: (inout SwiftSourceWriter) -> Void) {
        indent += 1
        body(&self)
        indent -= 1
    }

    private mutating func identifier() -> String {
        let verbs = ["make", "update", "reload", "format", "present", "configure", "handle", "validate", "display"]
        let nouns = ["Title", "Header", "Rows", "Badge", "Summary", "Footer", "Price", "Status", "Banner", "Hint"]
        return random.pick(verbs) + random.pick(nouns) + String(random.int(0...999))
    }

    /// Arguments for the specifiers in `format`, in order.
    private func arguments(for format: String) -> String {
        var arguments: [String] = []
        for word in format.split(separator: " ") where word.hasPrefix("%") {
            if word.hasSuffix("@") {
                arguments.append("items[0].name")
            } else if word.hasSuffix("f") {
                arguments.append("items[0].price")
            } else {
                arguments.append("items.count")
            }
        }
        return arguments.joined(separator: ", ")
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension String {
    var replacingUnderscores: String { replacingOccurrences(of: "_", with: " ") }
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// Foundation-free replacement, so the generator does not depend on Foundation.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
