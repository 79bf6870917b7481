import KitProtocol

/// The `place.*` methods.
extension PlaceFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.placeAdd, .offLoop { [unowned self] params, _ in try addOffLoop(params) })
        router.register(Method.placeEdit, .offLoop { [unowned self] params, _ in try editOffLoop(params) })
        router.register(Method.placeRemove, .now { [unowned self] params, _ in try remove(params.ref) })
        router.register(Method.placeGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.placeList, .now { [unowned self] params, _ in try list(params) })
        router.register(Method.placeTags, .now { [unowned self] params, _ in try tags(params) })
        router.register(Method.placePick, .now { [unowned self] params, _ in try pick(params) })
        router.register(Method.placeVisited, .now { [unowned self] params, _ in try visited(params.ref) })
        router.register(Method.placeHistory, .now { [unowned self] params, _ in try history(params) })
        router.register(Method.placeExport, .now { [unowned self] _, _ in export() })
        router.register(Method.placeImport, .offLoop { [unowned self] params, _ in importOffLoop(params) })
    }
}
