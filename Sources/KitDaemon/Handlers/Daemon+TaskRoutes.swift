import KitProtocol

/// The `task.*` methods.
extension Daemon {
    func registerTaskRoutes() {
        router.register(Method.taskAdd, mutating: true, TaskAddParams.self) { [unowned self] params, _ in
            try tasks.add(params)
        }
        router.register(Method.taskList, TaskListParams.self) { [unowned self] params, _ in try tasks.list(params) }
        router.register(Method.taskGet, TaskRefParams.self) { [unowned self] params, _ in try tasks.get(params.ref) }
        router.register(Method.taskDone, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try tasks.done(params.ref)
        }
        router.register(Method.taskUndo, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try tasks.undo(params.ref)
        }
        router.register(Method.taskSnooze, mutating: true, TaskSnoozeParams.self) { [unowned self] params, _ in
            try tasks.snooze(params)
        }
        router.register(Method.taskEdit, mutating: true, TaskEditParams.self) { [unowned self] params, _ in
            try tasks.edit(params)
        }
        router.register(Method.taskDelete, mutating: true, TaskRefParams.self) { [unowned self] params, _ in
            try tasks.delete(params.ref)
        }
        router.register(Method.taskAgenda, TaskAgendaParams.self) { [unowned self] params, _ in try tasks.agenda(params)
        }
        router.register(Method.taskExport, EmptyParams.self) { [unowned self] _, _ in tasks.export() }
        router.register(Method.taskImport, mutating: true, TaskImportParams.self) { [unowned self] params, _ in
            try tasks.importCalendar(params)
        }
    }
}
