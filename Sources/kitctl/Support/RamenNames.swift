import Glibc
import KitCore
import KitProtocol

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Ramen names for shell completion: from kitd when it runs, else from the catalog file.
enum RamenNames {
    static func complete(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        let names = fromDaemon(arguments) ?? fromCatalog()
        let folded = HangulSearch.fold(prefix)
        return names.filter {
            folded.isEmpty || HangulSearch.match(folded, in: $0) == .prefix
                || HangulSearch.match(folded, in: $0) == .exact
        }
    }

    private static func fromDaemon(_ words: [String]) -> [String]? {
        CompletionCall.call(Method.ramenList, RamenListParams(), words: words)?
            .ramen.flatMap { [$0.name, $0.id] }
    }

    private static func fromCatalog() -> [String] {
        var exe = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &exe, exe.count - 1)
        let executable = count > 0 ? String(decoding: exe[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        for path in RamenCatalogLocation.candidates(
            executable: executable, environment: ProcessInfo.processInfo.environment)
        {
            guard let data = FileManager.default.contents(atPath: path),
                let catalog = try? JSONDecoder().decode(RamenCatalog.self, from: data)
            else { continue }
            return catalog.products.flatMap { [$0.name, $0.id] }
        }
        return []
    }
}
