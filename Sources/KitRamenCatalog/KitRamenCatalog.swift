/// Ships the ramen catalog (ramen-catalog.json) as a resource beside the built binaries.
/// kitd finds the file through `RamenCatalogLocation`; installed copies live in share/kit.
public enum KitRamenCatalog {
    public static let resourceName = "ramen-catalog"
}
