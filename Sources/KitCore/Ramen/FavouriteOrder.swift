/// The user's own order of favourites: ids by position, always 1…n without gaps.
public enum FavouriteOrder {
    /// Appends `id` at the end (no change if it is already a favourite).
    public static func adding(_ id: String, to order: [String]) -> [String] {
        order.contains(id) ? order : order + [id]
    }

    public static func removing(_ id: String, from order: [String]) -> [String] {
        order.filter { $0 != id }
    }

    /// Moves `id` to 1-based `position` (clamped to the list).
    public static func moving(_ id: String, to position: Int, in order: [String]) throws(KitError) -> [String] {
        guard order.contains(id) else {
            throw .invalidState(
                "it is not a favourite; add it first with `kitctl ramen fav add`", state: "not-favourite")
        }
        guard position >= 1 else { throw .invalidArgument("positions start at 1") }
        var rest = order.filter { $0 != id }
        rest.insert(id, at: min(position - 1, rest.count))
        return rest
    }

    /// Moves `id` just before `other`.
    public static func moving(_ id: String, before other: String, in order: [String]) throws(KitError) -> [String] {
        guard order.contains(id) else {
            throw .invalidState(
                "it is not a favourite; add it first with `kitctl ramen fav add`", state: "not-favourite")
        }
        guard id != other else { throw .invalidArgument("a ramen cannot be moved before itself") }
        guard order.contains(other) else { throw .invalidArgument("the ramen to move before is not a favourite") }
        var rest = order.filter { $0 != id }
        rest.insert(id, at: rest.firstIndex(of: other)!)
        return rest
    }
}
