import KitCore

// The stored properties of the types extended here are declared in Wire/TaskMethods.wire.

extension TaskInfo {
    public enum State: String, WireEnum {
        case open, done
    }
}

extension TaskOptions {
    /// Whether any member is given.
    public var isEmpty: Bool { [`repeat`, remind, note, tz, nag].allSatisfy { $0 == nil } }
}

/// The longest texts a task's members take, in characters: a WHEN (`due`, `until`, and the
/// durations `remind`, `nag`, `for`), a repeat rule, and a zone name. The router refuses one
/// longer before the text is read (`ParamBound.text`).
public enum TaskTextLimits {
    public static let when = 200
    public static let rule = 2_000
    public static let zone = 200

    /// The bounds of the options `task.add` and `task.edit` share.
    static func options<Params>(_ options: KeyPath<Params, TaskOptions>) -> [ParamBound<Params>] {
        [
            .text("repeat", options.appending(path: \.repeat), limit: rule),
            .text("remind", options.appending(path: \.remind), limit: when),
            .text("tz", options.appending(path: \.tz), limit: zone),
            .text("nag", options.appending(path: \.nag), limit: when),
        ]
    }
}

extension TaskAddParams {
    public init(
        title: String, due: String, repeat: String? = nil, remind: String? = nil, note: String? = nil,
        tz: String? = nil, nag: String? = nil
    ) {
        self.init(
            title: title, due: due, options: TaskOptions(repeat: `repeat`, remind: remind, note: note, tz: tz, nag: nag)
        )
    }

    public subscript<Value>(dynamicMember field: KeyPath<TaskOptions, Value>) -> Value { options[keyPath: field] }

    public static var bounds: [ParamBound<Self>] {
        [.text("due", \.due, limit: TaskTextLimits.when)] + TaskTextLimits.options(\.options)
    }

    enum CodingKeys: String, CodingKey {
        case title, due
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(due, forKey: .due)
        try options.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            title: try container.decode(String.self, forKey: .title),
            due: try container.decode(String.self, forKey: .due),
            options: try TaskOptions(from: decoder))
    }
}

extension TaskListParams {
    /// Which tasks a list holds.
    public enum Filter: String, WireEnum {
        case open, today, week, overdue, done, all

        /// An unknown filter is a wrong value, not a wrong type: `-32003`, saying which there are.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let filter = Filter(rawValue: text) else {
                let known = Self.allCases.map(\.rawValue)
                throw KitError.invalidArgument(
                    "unknown filter '\(text.prefix(40))'; use \(known.dropLast().joined(separator: ", ")) or \(known.last ?? "")"
                )
            }
            self = filter
        }
    }

    public static let defaultLimit = 1000
    public static let limits = 1...10_000
    public static var bounds: [ParamBound<Self>] {
        [.count("limit", \.limit, limits, unit: "tasks a page", hint: "follow 'next' for more")]
    }
}

extension TaskSnoozeParams {
    public init(ref: String, for duration: String? = nil, until: String? = nil) {
        self.ref = RecordRef(ref)
        self.for = duration
        self.until = until
    }

    public static var bounds: [ParamBound<Self>] {
        [.text("for", \.for, limit: TaskTextLimits.when), .text("until", \.until, limit: TaskTextLimits.when)]
    }
}

extension TaskEditParams {
    public init(ref: String, title: String? = nil, due: String? = nil, options: TaskOptions = TaskOptions()) {
        self.ref = RecordRef(ref)
        self.title = title
        self.due = due
        self.options = options
    }

    public init(
        ref: String, title: String? = nil, due: String? = nil, repeat: String? = nil, remind: String? = nil,
        note: String? = nil, tz: String? = nil, nag: String? = nil
    ) {
        self.init(
            ref: ref, title: title, due: due,
            options: TaskOptions(repeat: `repeat`, remind: remind, note: note, tz: tz, nag: nag))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ref = try container.decode(RecordRef.self, forKey: .ref)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        due = try container.decodeIfPresent(String.self, forKey: .due)
        options = try TaskOptions(from: decoder)
    }

    public subscript<Value>(dynamicMember field: KeyPath<TaskOptions, Value>) -> Value { options[keyPath: field] }

    public static var bounds: [ParamBound<Self>] {
        [.text("due", \.due, limit: TaskTextLimits.when)] + TaskTextLimits.options(\.options)
    }

    enum CodingKeys: String, CodingKey {
        case ref, title, due
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ref, forKey: .ref)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(due, forKey: .due)
        try options.encode(to: encoder)
    }
}

extension TaskAgendaParams {
    /// The window from RFC 3339 texts; refused as kitd would refuse them.
    public init(from: String, to: String, countsOnly: Bool? = nil) throws(KitError) {
        self.init(
            from: try WireInstant(from, field: "from"), to: try WireInstant(to, field: "to"), countsOnly: countsOnly)
    }
}

extension TaskImportResult {
    public init(
        imported: [TaskInfo], skipped: [KitMessage], rejected: [TaskImportRejection] = [], updated: [TaskInfo] = [],
        dryRun: Bool? = nil
    ) {
        self.imported = imported
        self.skipped = skipped.map(\.english)
        notices = skipped.isEmpty ? nil : skipped.map(MessageText.init)
        self.rejected = rejected
        self.updated = updated
        self.dryRun = dryRun
    }

    /// Its members, declared here because `init(from:)` reads them (Wire/TaskMethods.wire declares the type).
    enum CodingKeys: String, CodingKey {
        case imported, skipped, notices, rejected, updated, dryRun
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        imported = try container.decode([TaskInfo].self, forKey: .imported)
        skipped = try container.decode([String].self, forKey: .skipped)
        notices = try container.decodeIfPresent([MessageText].self, forKey: .notices)
        rejected = try container.decodeIfPresent([TaskImportRejection].self, forKey: .rejected) ?? []
        updated = try container.decodeIfPresent([TaskInfo].self, forKey: .updated) ?? []
        dryRun = try container.decodeIfPresent(Bool.self, forKey: .dryRun)
    }
}
