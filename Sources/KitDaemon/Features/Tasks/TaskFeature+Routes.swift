import KitProtocol

/// The `task.*` methods.
extension TaskFeature {
    func mount(on router: RequestRouter) {
        router.register(Method.taskAdd, mutating: true, TaskAddParams.self) { [unowned self] params, _ in
            try add(params)
        }
        router.register(Method.taskList, TaskListParams.self) { [unowned self] params, _ in try list(params) }
        router.register(Method.taskGet, TaskRefParams.self) { [unowned self] params, _ in try get(params.ref) }
        router.register(Method.taskDone, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try done(params.ref)
        }
        router.register(Method.taskUndo, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try undo(params.ref)
        }
        router.register(Method.taskSnooze, mutating: true, TaskSnoozeParams.self) { [unowned self] params, _ in
            try snooze(params)
        }
        router.register(Method.taskEdit, mutating: true, TaskEditParams.self) { [unowned self] params, _ in
            try edit(params)
        }
        router.register(Method.taskDelete, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try delete(params.ref)
        }
        router.register(Method.taskAgenda, TaskAgendaParams.self) { [unowned self] params, _ in try agenda(params)
        }
        router.register(Method.taskExport, EmptyParams.self) { [unowned self] _, _, id, reply in
            exportOffLoop(id: id, reply: reply)
        }
        router.register(
            Method.taskImport, mutating: true, TaskImportParams.self,
            offLoop: { [unowned self] params, _ in importOffLoop(params) })
    }
}
