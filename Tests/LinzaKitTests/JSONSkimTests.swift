import LinzaKit
import Testing

/// `JSONParser.skim`, which checks a catalog without building it, refuses every malformed
/// text as `parse` does: the same message at the same offset (both read objects through one
/// `readObject`), and reads a good one's members at the ranges `parse` gives them.
@Suite struct JSONSkimTests {
    static let malformed = [
        #"{"a" 1}"#, #"{"a": {"b" 1}}"#, #"{"a": [1, {"b"}]}"#, #"{"a": 1,}"#, #"{"a": 1 "b": 2}"#,
        #"{a: 1}"#, #"{"a": {"b": [1 2]}}"#, #"{"a": "\q"}"#, #"{"a": {"b\u12": 1}}"#, #"{"a": tru}"#,
        #"{"a": 1} x"#, #"{"a": {"b": "c"#, "{\"a\": \"\u{1}\"}",
    ]

    func failure(_ read: (UnsafeBufferPointer<UInt8>) throws -> Void, _ text: String) -> String? {
        do {
            try Array(text.utf8).withUnsafeBufferPointer { try read($0) }
            return nil
        } catch let error as JSONSyntaxError {
            return "\(error.offset): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: malformed)
    func skimRefusesAsParseDoes(_ text: String) {
        let parsed = failure({ _ = try JSONParser.parse($0) }, text)
        #expect(parsed != nil)
        #expect(failure({ _ = try JSONParser.skim($0) }, text) == parsed)
    }

    @Test func skimmedMembersAreTheParsedValues() throws {
        let text = #"{"a": {"b": [1, "x"]}, "c": "d\n", "a": null}"#
        let (skimmed, parsed) = try Array(text.utf8).withUnsafeBufferPointer { bytes in
            (try JSONParser.skim(bytes), try JSONParser.parse(bytes).members ?? [])
        }
        guard case .object(let members) = skimmed else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == parsed.map(\.key))
        #expect(members.map(\.keyOffset) == parsed.map(\.keyOffset))
        #expect(members.map(\.value.lowerBound) == parsed.map(\.value.offset))
    }
}
