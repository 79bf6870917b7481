import Foundation
import KitTestSupport
import Testing

extension FilesIntegration {
    /// A message a person reads cannot ship untranslated: every message `scripts/po.sh pot`
    /// extracts (the literals of `Localized.text` and `Localized.plural`, and the
    /// templates of the refusals a `KitError` is made with) has a Korean translation in po/ko.po,
    /// neither empty nor fuzzy.
    @Suite("Message catalogs")
    struct MessageCatalogTests {
        static let repository = ManPageTests.repository

        /// The messages the code marks, read from its sources.
        static func markedMessages() throws -> Set<String> {
            let sources = FileManager.default.enumerator(atPath: repository + "/Sources")!
                .compactMap { $0 as? String }.filter {
                    $0.hasSuffix(".swift") && $0 != "KitLocalization/Localized.swift"
                }
            let call = try Regex(
                #"Localized\.(text|plural)\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?"#)
            var found: Set<String> = []
            for path in sources {
                let text = try String(contentsOfFile: repository + "/Sources/" + path, encoding: .utf8)
                for match in text.matches(of: call) {
                    if let message = match.output[2].substring { found.insert(String(message)) }
                    if match.output[1].substring == "plural", let other = match.output[3].substring {
                        found.insert(String(other))
                    }
                }
            }
            return found
        }

        /// The lines of a .po file with a string continued on the next lines (`msgid ""` then
        /// `"line\n"` …, as msgmerge writes a message with line breaks) joined into one.
        static func logicalLines(_ path: String) throws -> [Substring] {
            var lines: [Substring] = []
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                if line.hasPrefix("\""), let last = lines.last, last.hasSuffix("\"") {
                    lines[lines.count - 1] = last.dropLast() + line.dropFirst()
                } else {
                    lines.append(line)
                }
            }
            return lines
        }

        /// msgid → (msgstr, fuzzy) of a .po file (continued strings joined); a plural
        /// entry gives both its msgid and its msgid_plural Korean's one form, `msgstr[0]`.
        static func catalog(_ path: String) throws -> [String: (String, Bool)] {
            var entries: [String: (String, Bool)] = [:]
            var fuzzy = false
            var ids: [String] = []
            for line in try logicalLines(path) {
                if line.hasPrefix("#,") { fuzzy = line.contains("fuzzy") }
                if line.hasPrefix("msgid \"") { ids = [String(line.dropFirst(7).dropLast())] }
                if line.hasPrefix("msgid_plural \"") { ids.append(String(line.dropFirst(14).dropLast())) }
                for prefix in ["msgstr \"", "msgstr[0] \""] where line.hasPrefix(prefix) && !ids.isEmpty {
                    let text = String(line.dropFirst(prefix.count).dropLast())
                    for id in ids where !id.isEmpty { entries[id] = (text, fuzzy) }
                    fuzzy = false
                    ids = []
                }
            }
            return entries
        }

        /// The messages translators get: what `scripts/po.sh pot` extracts.
        static func extractedMessages() throws -> Set<String> {
            let pot = NSTemporaryDirectory() + "kit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).pot"
            defer { try? FileManager.default.removeItem(atPath: pot) }
            let run = try Subprocess.run(
                Self.repository + "/scripts/po.sh", ["pot", pot],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                outputDirectory: NSTemporaryDirectory())
            #expect(run.exitCode == 0, "\(run)")
            var extracted = Set(try Self.catalog(pot).keys)
            extracted.remove("")
            return extracted
        }

        @Test(
            "every extracted message (marked ones and refusal templates) has a Korean translation that is neither empty nor fuzzy, and msgfmt --check passes"
        )
        func korean() throws {
            let marked = try Self.extractedMessages()
            #expect(marked.count >= 500, "\(marked.count) messages")
            let korean = try Self.catalog(Self.repository + "/po/ko.po")
            for message in marked.sorted() {
                let entry = korean[message]
                #expect(entry != nil, "not in po/ko.po: \(message)")
                #expect(entry?.0.isEmpty == false, "no Korean for: \(message)")
                #expect(entry?.1 == false, "fuzzy: \(message)")
            }
            let stale = Set(korean.keys).subtracting(marked)
            #expect(stale.isEmpty, "in po/ko.po but no longer in the code: \(stale.sorted())")
            let check = try Subprocess.run(
                "/usr/bin/msgfmt", ["--check", "-o", "/dev/null", Self.repository + "/po/ko.po"],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], outputDirectory: NSTemporaryDirectory())
            #expect(check.exitCode == 0, "\(check)")
        }

        @Test("the extraction translators run (scripts/po.sh pot) finds every message the code marks")
        func extraction() throws {
            let missed = try Self.markedMessages().subtracting(try Self.extractedMessages())
            #expect(missed.isEmpty, "marked but not extracted: \(missed.sorted())")
        }
    }
}
