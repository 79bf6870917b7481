/// Where the ramen catalog file is, found the same way by kitd and by kitctl (for completing
/// names while kitd is not running): `$KIT_RAMEN_CATALOG`, else next to the binary as SwiftPM
/// builds it, else `<prefix>/share/kit/` as `make install` puts it.
public enum RamenCatalogLocation {
    public static let fileName = "ramen-catalog.json"
    /// The resource bundle SwiftPM creates beside the built executables.
    public static let bundleDirectory = "kit_KitRamenCatalog.resources"

    /// Candidate paths, best first. `executable` is the running binary's path.
    public static func candidates(executable: String, environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let explicit = environment["KIT_RAMEN_CATALOG"], !explicit.isEmpty { paths.append(explicit) }
        let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        paths.append(directory + "/" + bundleDirectory + "/" + fileName)
        paths.append(directory + "/../share/kit/" + fileName)
        return paths
    }
}
