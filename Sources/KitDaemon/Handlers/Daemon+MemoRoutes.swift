import KitProtocol

/// The `memo.*` methods.
extension Daemon {
    func registerMemoRoutes() {
        router.register(Method.memoAdd, mutating: true, MemoAddParams.self) { [unowned self] params, _ in
            try memos.add(params)
        }
        router.register(Method.memoList, EmptyParams.self) { [unowned self] _, _ in try memos.list() }
        router.register(Method.memoGet, MemoRefParams.self) { [unowned self] params, _ in try memos.get(params.ref) }
        router.register(Method.memoEdit, mutating: true, MemoEditParams.self) { [unowned self] params, _ in
            try memos.edit(params)
        }
        router.register(Method.memoSearch, SearchParams.self) { [unowned self] params, _ in try memos.search(params) }
        router.register(Method.memoPin, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try memos.setPinned(params.ref, true)
        }
        router.register(Method.memoUnpin, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try memos.setPinned(params.ref, false)
        }
        router.register(Method.memoDelete, mutating: true, MemoRefParams.self) { [unowned self] params, _ in
            try memos.delete(params.ref)
        }
    }
}
