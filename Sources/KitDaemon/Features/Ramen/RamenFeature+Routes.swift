import KitProtocol

/// The `ramen.*` methods.
extension RamenFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.ramenList, .now { [unowned self] params, _ in try list(params) })
        router.register(Method.ramenGet, .now { [unowned self] params, _ in try get(params.ref) })
        router.register(Method.ramenFavouriteAdd, .now { [unowned self] params, _ in try addFavourite(params.ref) })
        router.register(
            Method.ramenFavouriteRemove,
            .now { [unowned self] params, _ in
                try removeFavourite(params.ref)
            })
        router.register(Method.ramenFavouriteMove, .now { [unowned self] params, _ in try moveFavourite(params) })
        router.register(Method.ramenSet, .now { [unowned self] params, _ in try set(params) })
        router.register(Method.ramenAdd, .now { [unowned self] params, _ in try add(params) })
        router.register(Method.ramenRemove, .now { [unowned self] params, _ in try remove(params.ref) })
        router.register(Method.ramenHide, .now { [unowned self] params, _ in try setHidden(params.ref, true) })
        router.register(Method.ramenUnhide, .now { [unowned self] params, _ in try setHidden(params.ref, false) })
        router.register(Method.ramenCook, .now { [unowned self] params, _ in try cook(params) })
    }
}
