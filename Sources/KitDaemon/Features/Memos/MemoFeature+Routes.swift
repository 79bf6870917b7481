import KitProtocol

/// The `memo.*` methods.
extension MemoFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.memoAdd, mutating: true, MemoAddParams.self) { [unowned self] params, _ in
            try add(params)
        }
        router.register(Method.memoList, EmptyParams.self) { [unowned self] _, _ in try list() }
        router.register(Method.memoGet, MemoRefParams.self) { [unowned self] params, _ in try get(params.ref) }
        router.register(Method.memoEdit, mutating: true, MemoEditParams.self) { [unowned self] params, _ in
            try edit(params)
        }
        router.register(Method.memoSearch, SearchParams.self) { [unowned self] params, _ in try search(params) }
        router.register(Method.memoPin, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try setPinned(params.ref, true)
        }
        router.register(Method.memoUnpin, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try setPinned(params.ref, false)
        }
        router.register(Method.memoDelete, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try delete(params.ref)
        }
    }
}
