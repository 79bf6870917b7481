import Foundation
import KitCore
import KitProtocol
import KitStore
import Logging

/// The ramen feature. Owns the ramen: the catalog merged with the user's settings, kept in
/// memory and written through to the database, and the cooks running on timers (see
/// RamenFeature+Cooking.swift), which it follows as a `CountdownObserver`.
final class RamenFeature: Feature {
    var entries: [String: RamenEntry] = [:] {
        didSet { indexDirty = true }
    }
    private var indexDirty = true
    private var cachedIndex = RamenSearchIndex()
    var cooks: [Int64: RamenCook] = [:]
    private(set) var catalogVersion = 0
    let runtime: FeatureRuntime
    let eventNames = [Event.ramenCooking, Event.ramenStep, Event.ramenCooked, Event.ramenChanged]
    let store: RamenStore
    let timers: TimerFeature
    private(set) var stepAlarms: Alarms<RamenStepAlarm, BootTime>!
    /// The catalog shipped beside the binaries, merged at start when it is newer.
    private let catalogPath: String?

    init(_ runtime: FeatureRuntime, timers: TimerFeature) {
        self.runtime = runtime
        store = runtime.store.ramen
        self.timers = timers
        catalogPath = RamenCatalogLocation.candidates(
            executable: runtime.paths.executable, environment: runtime.paths.environment
        ).first { FileManager.default.isReadableFile(atPath: $0) }
        stepAlarms = runtime.scheduler.alarms(RamenStepAlarm.self, on: BootTime.self) { [unowned self] keys, now in
            for key in keys { stepDue(timerID: key.timerID, index: key.index, now: now) }
        }
        timers.observe(self)
        runtime.popupActions.register(RamenPopup.self) { [unowned self] subject, key in pressed(key, on: subject) }
    }

    // MARK: Loading

    /// Merges a newer catalog at start, if one ships, then loads every ramen and the running cooks.
    func load(_ reason: LoadReason) throws {
        if reason == .start, let catalogPath { try mergeCatalog(at: catalogPath) }
        catalogVersion = try store.ramenCatalogVersion()
        entries = Dictionary(uniqueKeysWithValues: try store.ramenEntries().map { ($0.id, $0) })
        cooks = Dictionary(uniqueKeysWithValues: try store.activeRamenCooks().map { ($0.timerID, $0) })
        for cook in cooks.values { if let timer = timers.activeTimer(id: cook.timerID) { follow(timer) } }
    }

    private func mergeCatalog(at path: String) throws {
        let catalog: RamenCatalog
        do {
            catalog = try JSONDecoder().decode(RamenCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            logger.error(
                "cannot read the ramen catalog; ramen keeps what it has",
                metadata: ["ramen.catalog": "\(path)", "error": "\(error)"])
            return
        }
        let problems = RamenCatalogMerge.validate(catalog)
        guard problems.isEmpty else {
            logger.error(
                "the ramen catalog is invalid; ramen keeps what it has",
                metadata: ["ramen.catalog": "\(path)", "problems": "\(problems.joined(separator: "; "))"])
            return
        }
        let stored = try store.ramenCatalogVersion()
        guard catalog.version > stored else { return }
        let known = try store.ramenEntries().filter { $0.origin == .catalog }.map(\.product)
        let merge = RamenCatalogMerge.plan(stored: known, incoming: catalog)
        try store.applyRamenCatalog(merge, version: catalog.version)
        logger.info(
            "merged a newer ramen catalog",
            metadata: [
                "ramen.catalog.version": "\(catalog.version)", "ramen.added": "\(merge.added.count)",
                "ramen.corrected": "\(merge.corrected.count)", "ramen.dropped": "\(merge.dropped.count)",
            ])
    }

    // MARK: Reading

    func info(_ entry: RamenEntry) -> RamenInfo { RamenInfo(entry) }

    /// The search index, rebuilt only when the set of products changed (settings changes,
    /// which are most changes, do not touch it).
    var index: RamenSearchIndex {
        if indexDirty {
            cachedIndex = RamenSearchIndex(entries.values.map(\.product))
            indexDirty = false
        }
        return cachedIndex
    }

    /// Records a new or changed product, keeping the index current without a rebuild.
    func store(_ entry: RamenEntry) {
        let wasClean = !indexDirty
        entries[entry.id] = entry
        if wasClean {
            cachedIndex.update(entry.product)
            indexDirty = false
        }
    }

    func list(_ params: RamenListParams) throws -> RamenListResult {
        var visible = entries.values.filter { (params.hidden ?? false) || !$0.settings.hidden }
        if params.favourites ?? false { visible = visible.filter { $0.settings.favouritePosition != nil } }
        let sort: RamenSort
        if let name = params.sort {
            guard let parsed = RamenSort(rawValue: name) else {
                throw KitError.invalidArgument("unknown sort '\(name)'; use name, recent or most")
            }
            sort = parsed
        } else {
            sort = .name
        }
        let ordered: [RamenEntry]
        if let query = params.query, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            try TextLimit.check(query.trimmingWhitespace(), "search", limit: NameRules.maximumLength)
            let allowed = Set(visible.map(\.id))
            let hits = index.search(query) { allowed.contains($0.id) }
            let found = hits.compactMap { entries[$0.product.id] }
            ordered = params.sort == nil ? found : sort.sorted(found, names: runtime.names)
        } else {
            ordered = sort.sorted(visible, names: runtime.names)
        }
        return RamenListResult(ramen: ordered.map(info), catalogVersion: catalogVersion)
    }

    func get(_ ref: String) throws -> RamenInfo { info(try resolve(ref)) }

    /// The entry a name means (hidden ones included, so they can be unhidden).
    func resolve(_ ref: String) throws -> RamenEntry {
        let product = try RamenSearch.resolve(ref, in: index)
        return entries[product.id]!
    }

    // MARK: Favourites

    var favouriteOrder: [String] {
        entries.values.compactMap { entry in entry.settings.favouritePosition.map { (entry.id, $0) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    func addFavourite(_ ref: String) throws -> RamenInfo {
        let entry = try resolve(ref)
        try reorder(FavouriteOrder.adding(entry.id, to: favouriteOrder))
        return info(entries[entry.id]!)
    }

    func removeFavourite(_ ref: String) throws -> RamenInfo {
        let entry = try resolve(ref)
        guard entry.settings.favouritePosition != nil else {
            throw KitError.invalidState("\(entry.product.displayName) is not a favourite", state: "not-favourite")
        }
        try reorder(FavouriteOrder.removing(entry.id, from: favouriteOrder), also: [entry.id])
        return info(entries[entry.id]!)
    }

    func moveFavourite(_ params: RamenMoveParams) throws -> RamenFavouritesResult {
        let entry = try resolve(params.ref)
        let order: [String]
        switch (params.to, params.before) {
        case (let position?, nil): order = try FavouriteOrder.moving(entry.id, to: position, in: favouriteOrder)
        case (nil, let other?):
            order = try FavouriteOrder.moving(entry.id, before: try resolve(other).id, in: favouriteOrder)
        default: throw KitError.invalidArgument("give exactly one of 'to' (a position) or 'before' (another favourite)")
        }
        try reorder(order)
        return RamenFavouritesResult(favourites: favouriteOrder.compactMap { entries[$0] }.map(info))
    }

    /// Saves favourite positions so that `order` is 1…n; `also` are ids that just left the list.
    private func reorder(_ order: [String], also removed: [String] = []) throws {
        var changed: [(id: String, settings: RamenSettings)] = []
        for id in removed {
            if var entry = entries[id] {
                entry.settings.favouritePosition = nil
                changed.append((id, entry.settings))
            }
        }
        for (index, id) in order.enumerated() {
            guard var entry = entries[id], entry.settings.favouritePosition != index + 1 else { continue }
            entry.settings.favouritePosition = index + 1
            changed.append((id, entry.settings))
        }
        try save(changed)
    }

    // MARK: Settings and own ramen

    func set(_ params: RamenSetParams) throws -> RamenInfo {
        var entry = try resolve(params.ref)
        if params.reset ?? false {
            entry.settings.customTime = nil
            entry.settings.memo = nil
            entry.settings.ownSteps = nil
        }
        // The time is bounded at the edge (RamenSetParams.bounds).
        if let time = params.cookNs { entry.settings.customTime = time }
        if let memo = params.memo {
            let trimmed = memo.trimmingCharacters(in: .whitespacesAndNewlines)
            try TextLimit.check(trimmed, "memo", limit: Self.maximumNoteLength)
            entry.settings.memo = trimmed.isEmpty ? nil : trimmed
        }
        if let steps = params.steps { entry.settings.ownSteps = steps.isEmpty ? nil : try Self.validSteps(steps) }
        try save([(entry.id, entry.settings)])
        return info(entries[entry.id]!)
    }

    func setHidden(_ ref: String, _ hidden: Bool) throws -> RamenInfo {
        var entry = try resolve(ref)
        entry.settings.hidden = hidden
        try save([(entry.id, entry.settings)])
        return info(entries[entry.id]!)
    }

    func add(_ params: RamenAddParams) throws -> RamenInfo {
        let name = try NameRules.validated(params.name, noun: "ramen name")
        // brand, englishName and note are bounded at the edge (RamenAddParams.bounds).
        if let clash = entries.values.first(where: { HangulSearch.fold($0.product.name) == HangulSearch.fold(name) }) {
            throw KitError.invalidArgument(
                "a ramen called \(clash.product.displayName) exists already [\(clash.id)]; choose another name")
        }
        let kind: RamenKind
        if let text = params.kind {
            guard let parsed = RamenKind(rawValue: text) else {
                throw KitError.invalidArgument(
                    "unknown kind '\(text)'; use \(RamenKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            kind = parsed
        } else {
            kind = .pot
        }
        let water = params.waterMl ?? 0
        guard (0...5000).contains(water) else {
            throw KitError.invalidArgument("water must be between 0 and 5000 ml, not \(water)")
        }
        let product = RamenProduct(
            id: "own-\(try store.nextOwnRamenNumber())", name: name, englishName: params.englishName,
            brand: params.brand,
            kind: kind, cookTime: params.cookNs, waterMl: water,
            steps: try Self.validSteps(params.steps ?? []), note: params.note)
        try storing { try store.insertOwnRamen(product) }
        let entry = RamenEntry(product: product, origin: .own)
        store(entry)
        announce(entry)
        return info(entry)
    }

    func remove(_ ref: String) throws -> RamenRemoveResult {
        let entry = try resolve(ref)
        guard entry.origin == .own else {
            throw KitError.invalidState(
                "\(entry.product.displayName) is from the catalog and cannot be removed; hide it with `kitctl ramen hide`",
                state: "catalog")
        }
        try storing { try store.deleteOwnRamen(id: entry.id) }
        let last = RamenChangedEvent(ramen: info(entry), removed: true)
        entries.removeValue(forKey: entry.id)
        cachedIndex.remove(id: entry.id)
        indexDirty = false
        commits.onCommitted { [events] in events.emit(Event.ramenChanged, last) }
        if entry.settings.favouritePosition != nil { try reorder(favouriteOrder) }
        return RamenRemoveResult(removed: entry.id)
    }

    /// Writes settings, then updates memory and announces the changed entries.
    func save(_ changed: [(id: String, settings: RamenSettings)]) throws {
        guard !changed.isEmpty else { return }
        try storing { try store.saveRamenSettings(changed) }
        for (id, settings) in changed {
            guard var entry = entries[id] else { continue }
            entry.settings = settings
            store(entry)
            announce(entry)
        }
    }

    func announce(_ entry: RamenEntry) {
        let payload = RamenChangedEvent(ramen: info(entry))
        commits.onCommitted { [events] in events.emit(Event.ramenChanged, payload) }
    }

    /// The longest memo or note of a ramen, and text of a step, in characters.
    static let maximumNoteLength = RamenAddParams.maximumNoteLength
    static let maximumStepLength = 500

    static func validSteps(_ steps: [RamenStep]) throws -> [RamenStep] {
        guard steps.count <= 20 else { throw KitError.invalidArgument("at most 20 steps") }
        for step in steps {
            try TextLimit.check(step.text, "text of a step", limit: maximumStepLength)
            if case .left(let left) = step.moment, left <= 0 {
                throw KitError.invalidArgument("the step '\(step.text)' must come a positive time before the end")
            }
            if case .after(let after) = step.moment, after <= 0 {
                throw KitError.invalidArgument("the step '\(step.text)' must come a positive time after the start")
            }
            if step.text.trimmingCharacters(in: .whitespaces).isEmpty {
                throw KitError.invalidArgument("a step needs text")
            }
        }
        return steps
    }
}
