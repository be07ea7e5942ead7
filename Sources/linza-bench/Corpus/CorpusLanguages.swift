/// The languages a generated corpus is translated into: English first (the development
/// language), then the languages apps most often ship, with regional variants, up to 100.
enum CorpusLanguages {
    static let all: [String] = [
        "en", "de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "ru",
        "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk",
        "hu", "ro", "tr", "el", "he", "ar", "th", "vi", "id", "ms",
        "uk", "hr", "ca", "hi", "bn", "fa", "ur", "ta", "te", "ml",
        "kn", "mr", "gu", "sr", "sl", "bg", "lt", "lv", "et", "is",
        "ga", "cy", "mt", "sq", "mk", "bs", "ka", "hy", "az", "kk",
        "ky", "uz", "mn", "ne", "si", "km", "lo", "my", "am", "sw",
        "zu", "af", "eu", "gl", "fil", "es-419", "es-MX", "fr-CA", "en-GB", "en-AU",
        "en-IN", "de-CH", "de-AT", "it-CH", "nl-BE", "fr-BE", "fr-CH", "pt-AO", "ar-EG", "zh-HK",
        "yue", "be", "lb", "fo", "fy", "ps", "or", "pa", "jv", "gd",
    ]

    /// Letters a translation into `language` is made of, so tables hold each script's
    /// UTF-8 (or UTF-16) byte lengths.
    static func alphabet(of language: String) -> [String] {
        switch language.split(separator: "-")[0] {
        case "ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn":
            return "абвгдежзийклмнопрстуфхцчшщыэюя".map(String.init)
        case "el": return "αβγδεζηθικλμνξοπρστυφχψω".map(String.init)
        case "he": return "אבגדהוזחטיכלמנסעפצקרשת".map(String.init)
        case "ar", "fa", "ur", "ps": return "ابتثجحخدذرزسشصضطظعغفقكلمنهوي".map(String.init)
        case "hi", "mr", "ne": return "कखगघचछजझटठडढतथदधनपफबभमयरलवशसह".map(String.init)
        case "ja": return "あいうえおかきくけこさしすせそたちつてとなにぬねのアイウエオ日本語".map(String.init)
        case "zh", "yue": return "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年".map(String.init)
        case "ko": return "가나다라마바사아자차카타파하거너더러머버서어저".map(String.init)
        case "th", "lo", "km", "my": return "กขคงจฉชซญดตถทธนบปผพฟมยรลวสหอ".map(String.init)
        case "ka": return "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ".map(String.init)
        case "hy": return "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ".map(String.init)
        case "bn", "ta", "te", "ml", "kn", "gu", "si", "am", "or", "pa":
            return "अआइईउऊएऐओऔकखगचजटडतदनपबमयरलवस".map(String.init)
        default: return "abcdefghijklmnopqrstuvwxyzàéèêëïîôöüßçñ".map(String.init)
        }
    }
}
