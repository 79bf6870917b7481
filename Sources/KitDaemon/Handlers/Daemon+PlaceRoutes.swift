import KitProtocol

/// The `place.*` methods.
extension Daemon {
    func registerPlaceRoutes() {
        router.register(Method.placeAdd, mutating: true, PlaceAddParams.self) { [unowned self] params, _ in
            try places.add(params)
        }
        router.register(Method.placeEdit, mutating: true, PlaceEditParams.self) { [unowned self] params, _ in
            try places.edit(params)
        }
        router.register(Method.placeRemove, mutating: true, PlaceRefParams.self) { [unowned self] params, _ in
            try places.remove(params.ref)
        }
        router.register(Method.placeGet, PlaceRefParams.self) { [unowned self] params, _ in
            try places.get(params.ref)
        }
        router.register(Method.placeList, PlaceFilterParams.self) { [unowned self] params, _ in
            try places.list(params)
        }
        router.register(Method.placeTags, PlaceFilterParams.self) { [unowned self] params, _ in
            try places.tags(params)
        }
        router.register(Method.placePick, mutating: true, PlacePickParams.self) { [unowned self] params, _ in
            try places.pick(params)
        }
        router.register(Method.placeVisited, mutating: true, PlaceRefParams.self) { [unowned self] params, _ in
            try places.visited(params.ref)
        }
        router.register(Method.placeHistory, PlaceHistoryParams.self) { [unowned self] params, _ in
            try places.history(params)
        }
        router.register(Method.placeExport, EmptyParams.self) { [unowned self] _, _ in
            places.export()
        }
        router.register(Method.placeImport, mutating: true, PlaceImportParams.self) { [unowned self] params, _ in
            try places.importPlaces(params)
        }
    }
}
