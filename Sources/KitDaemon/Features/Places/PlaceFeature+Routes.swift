import KitProtocol

/// The `place.*` methods.
extension PlaceFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.placeAdd, mutating: true, PlaceAddParams.self) { [unowned self] params, _ in
            try add(params)
        }
        router.register(Method.placeEdit, mutating: true, PlaceEditParams.self) { [unowned self] params, _ in
            try edit(params)
        }
        router.register(Method.placeRemove, mutating: true, PlaceRefParams.self) { [unowned self] params, _ in
            try remove(params.ref)
        }
        router.register(Method.placeGet, PlaceRefParams.self) { [unowned self] params, _ in
            try get(params.ref)
        }
        router.register(Method.placeList, PlaceFilterParams.self) { [unowned self] params, _ in
            try list(params)
        }
        router.register(Method.placeTags, PlaceFilterParams.self) { [unowned self] params, _ in
            try tags(params)
        }
        router.register(Method.placePick, mutating: true, PlacePickParams.self) { [unowned self] params, _ in
            try pick(params)
        }
        router.register(Method.placeVisited, mutating: true, PlaceRefParams.self) { [unowned self] params, _ in
            try visited(params.ref)
        }
        router.register(Method.placeHistory, PlaceHistoryParams.self) { [unowned self] params, _ in
            try history(params)
        }
        router.register(Method.placeExport, EmptyParams.self) { [unowned self] _, _ in
            export()
        }
        router.register(
            Method.placeImport, mutating: true, PlaceImportParams.self,
            offLoop: { [unowned self] params, _ in importOffLoop(params) })
    }
}
