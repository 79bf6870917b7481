import KitProtocol

/// The `ramen.*` methods.
extension Daemon {
    func registerRamenRoutes() {
        router.register(Method.ramenList, RamenListParams.self) { [unowned self] params, _ in try ramen.list(params) }
        router.register(Method.ramenGet, RamenRefParams.self) { [unowned self] params, _ in try ramen.get(params.ref) }
        router.register(Method.ramenFavouriteAdd, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try ramen.addFavourite(params.ref)
        }
        router.register(Method.ramenFavouriteRemove, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try ramen.removeFavourite(params.ref)
        }
        router.register(Method.ramenFavouriteMove, mutating: true, RamenMoveParams.self) { [unowned self] params, _ in
            try ramen.moveFavourite(params)
        }
        router.register(Method.ramenSet, mutating: true, RamenSetParams.self) { [unowned self] params, _ in
            try ramen.set(params)
        }
        router.register(Method.ramenAdd, mutating: true, RamenAddParams.self) { [unowned self] params, _ in
            try ramen.add(params)
        }
        router.register(Method.ramenRemove, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try ramen.remove(params.ref)
        }
        router.register(Method.ramenHide, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try ramen.setHidden(params.ref, true)
        }
        router.register(Method.ramenUnhide, mutating: true, RamenRefParams.self) { [unowned self] params, _ in
            try ramen.setHidden(params.ref, false)
        }
        router.register(Method.ramenCook, mutating: true, RamenCookParams.self) { [unowned self] params, _ in
            try ramen.cook(params)
        }
    }
}
