import KitProtocol

/// The `ramen.*` methods.
extension RamenFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.ramenList, RamenListParams.self) { [unowned self] params, _ in try list(params) }
        router.register(Method.ramenGet, RamenRefParams.self) { [unowned self] params, _ in try get(params.ref) }
        router.register(Method.ramenFavouriteAdd, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try addFavourite(params.ref)
        }
        router.register(Method.ramenFavouriteRemove, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try removeFavourite(params.ref)
        }
        router.register(Method.ramenFavouriteMove, mutating: true, RamenMoveParams.self) { [unowned self] params, _ in
            try moveFavourite(params)
        }
        router.register(Method.ramenSet, mutating: true, RamenSetParams.self) { [unowned self] params, _ in
            try set(params)
        }
        router.register(Method.ramenAdd, mutating: true, RamenAddParams.self) { [unowned self] params, _ in
            try add(params)
        }
        router.register(Method.ramenRemove, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try remove(params.ref)
        }
        router.register(Method.ramenHide, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try setHidden(params.ref, true)
        }
        router.register(Method.ramenUnhide, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try setHidden(params.ref, false)
        }
        router.register(Method.ramenCook, mutating: true, RamenCookParams.self) { [unowned self] params, _ in
            try cook(params)
        }
    }
}
