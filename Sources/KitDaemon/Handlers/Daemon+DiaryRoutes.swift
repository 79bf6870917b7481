import KitProtocol

/// The `diary.*` methods.
extension Daemon {
    func registerDiaryRoutes() {
        router.register(Method.diaryWrite, mutating: true, DiaryWriteParams.self) { [unowned self] params, _ in
            try diary.write(params)
        }
        router.register(Method.diaryList, DiaryListParams.self) { [unowned self] params, _ in try diary.list(params) }
        router.register(Method.diaryGet, DiaryRefParams.self) { [unowned self] params, _ in try diary.get(params.ref) }
        router.register(Method.diaryEdit, mutating: true, DiaryEditParams.self) { [unowned self] params, _ in
            try diary.edit(params)
        }
        router.register(Method.diaryDelete, mutating: true, DiaryRefParams.self) { [unowned self] params, _ in
            try diary.delete(params.ref)
        }
        router.register(Method.diarySearch, SearchParams.self) { [unowned self] params, _ in
            try diary.search(params)
        }
        router.register(Method.diaryOnThisDay, DiaryOnThisDayParams.self) { [unowned self] params, _ in
            try diary.onThisDay(params)
        }
        router.register(Method.diaryExport, EmptyParams.self) { [unowned self] _, _ in try diary.export() }
    }
}
