import Foundation
import KitCore
import KitProtocol
import KitStore
import Logging

/// The places feature: all of them in memory (facets and picks read nothing from disk but the
/// history window), rows in the database, image files under the data directory.
final class PlaceFeature: Feature {
    /// Every place, by ascending id (the order facets take first spellings in).
    private(set) var places: [Place] = [] {
        didSet { facetIndex = nil }
    }
    /// Built on the first `place.tags` after a change, for the answers in between.
    private var facetIndex: FacetIndex?
    private var lastSeen: [Int64: (picked: WallTime?, visited: WallTime?)] = [:]
    /// The first spelling of every category and value among the places, in id order. Places
    /// added last keep it exact (their tags are spelled through it); an edit or a removal may
    /// drop a first spelling, so it is cleared then and rebuilt on next use.
    private var vocabulary: TagVocabulary?
    let runtime: FeatureRuntime
    let eventNames = [Event.placePicked, Event.placeChanged]
    let store: PlaceStore
    let images: PlaceImages

    init(_ runtime: FeatureRuntime) {
        self.runtime = runtime
        store = runtime.store.places
        images = PlaceImages(dataDirectory: runtime.dataDirectory)
    }

    /// Reads every place and removes image files that no place refers to (left by a crash
    /// between copying an image and committing its place).
    func load(_ reason: LoadReason) throws {
        places = try store.places()
        lastSeen = try store.placeLastSeen()
        vocabulary = nil
        let swept = images.sweep(keeping: Set(places.compactMap(\.image)))
        if swept > 0 { logger.info("removed unused place images", metadata: ["images.removed": "\(swept)"]) }
    }

    func info(_ place: Place) -> PlaceInfo {
        let seen = lastSeen[place.id]
        return PlaceInfo(
            place: place, imagePath: place.image.flatMap(images.path(for:)),
            lastPickedAt: seen?.picked.map { Timestamp.rfc3339($0) },
            lastVisitedAt: seen?.visited.map { Timestamp.rfc3339($0) })
    }

    // MARK: Reading

    func get(_ ref: RecordRef) throws -> PlaceInfo { info(try resolve(ref)) }

    /// The places matching the filter, by name.
    func list(_ params: PlaceFilterParams) throws -> PlaceListResult {
        let filter = try Self.filter(params.tags)
        let matching = byName(filter.apply(to: places))
        var explanation: KitMessage?
        if matching.isEmpty && !filter.isEmpty {
            explanation = EmptyResultExplanation.explain(filter, places: places)?.refusal.kitMessage
        }
        return PlaceListResult(places: matching.map(info), explanation: explanation)
    }

    /// Facets: for each category, the values among the places matching the filter, with counts.
    func tags(_ params: PlaceFilterParams) throws -> PlaceTagsResult {
        let filter = try Self.filter(params.tags)
        let index = facetIndex ?? FacetIndex(places)
        facetIndex = index
        let facets = index.facets(filter)
        // Categories by name, values by count and then by name, in the user's language's order.
        let names = runtime.names
        let categories = names.sorted(facets.categories, by: \.key).map { category in
            let values = category.values.map { (names.key($0.key.value), $0) }.sorted { lhs, rhs in
                lhs.1.count != rhs.1.count ? lhs.1.count > rhs.1.count : lhs.0.lexicographicallyPrecedes(rhs.0)
            }
            return PlaceTagsResult.Category(
                category: category.display, constrained: category.isConstrained,
                values: values.map {
                    PlaceTagsResult.Value(value: $0.1.display, count: $0.1.count, selected: $0.1.isSelected)
                })
        }
        var explanation: KitMessage?
        if facets.matchingCount == 0 && !filter.isEmpty {
            explanation = EmptyResultExplanation.explain(filter, places: places)?.refusal.kitMessage
        }
        return PlaceTagsResult(matching: facets.matchingCount, categories: categories, explanation: explanation)
    }

    func history(_ params: PlaceHistoryParams) throws -> PlaceHistoryResult {
        // The router held `limit` to `PlaceHistoryParams.bounds`.
        let limit = params.limit ?? 50
        let placeID = try params.ref.map { try resolve($0).id }
        let rows = try store.placeHistory(limit: limit, placeID: placeID)
        return PlaceHistoryResult(
            entries: rows.map {
                PlaceHistoryInfo(
                    id: $0.id, placeId: $0.placeID, placeName: $0.placeName, kind: $0.kind,
                    at: Timestamp.rfc3339($0.at), filter: $0.kind == .picked ? $0.filter : nil)
            })
    }

    /// Every place, by id, for `place export`.
    func export() -> PlaceListResult { PlaceListResult(places: places.map(info)) }

    // MARK: Changing

    /// `place.add`: the place is checked on the loop, its image (if any) stored off it, and the
    /// place stored back on the loop, checked again against what other clients did meanwhile.
    func addOffLoop(_ params: PlaceAddParams) throws -> OffLoop<PlaceInfo> {
        try storingImage(
            "place.add", path: params.imagePath, data: params.imageData,
            check: { [unowned self] in _ = try addedDraft(params) },
            finish: { [unowned self] image in try add(params, image: image) })
    }

    private func addedDraft(_ params: PlaceAddParams) throws -> PlaceDraft {
        try TextLimit.check(params.imagePath, "image path", limit: Self.maximumPathLength)
        let draft = try PlaceDraft(
            name: params.name, tags: try tagSet(params.tags ?? []), url: params.url, phone: params.phone,
            address: params.address, note: params.note, weight: params.weight ?? 1
        ).validated()
        try requireFreeName(draft.name)
        return draft
    }

    /// The loop's half of `place.add`, with the reference of the image stored off the loop (its
    /// `imagePath` and `imageData` are not read here).
    func add(_ params: PlaceAddParams, image: String? = nil) throws -> PlaceInfo {
        var draft = try addedDraft(params)
        draft.image = image
        let now = clock.now().wall
        let (spelledDrafts, known) = spelled([draft])
        let stored = try storing { try store.insertPlaces(spelledDrafts, now: now) }
        guard let place = stored.first else { throw KitError.invalidArgument("the place was not stored") }
        places.append(place)
        vocabulary = known
        let result = info(place)
        commits.onCommitted { [events] in
            events.emit(Event.placeChanged, PlaceChangedEvent(change: .added, place: result))
        }
        return result
    }

    /// `place.edit`, in the two halves of `place.add`.
    func editOffLoop(_ params: PlaceEditParams) throws -> OffLoop<PlaceInfo> {
        try storingImage(
            "place.edit", path: params.imagePath, data: params.imageData,
            check: { [unowned self] in _ = try edited(params, image: nil) },
            finish: { [unowned self] image in try edit(params, image: image) })
    }

    /// The place `params` edits and what it becomes, with `image` when one was given.
    private func edited(_ params: PlaceEditParams, image: String?) throws -> (old: Place, draft: PlaceDraft) {
        try TextLimit.check(params.imagePath, "image path", limit: Self.maximumPathLength)
        try TextLimit.check(count: params.untag?.count ?? 0, "tags to remove", limit: Self.maximumTags)
        let old = try resolve(params.ref)
        var draft = old.draft
        if let name = params.name {
            draft.name = name
        }
        for text in params.untag ?? [] {
            let pattern = try TagPattern.parse(text)
            if draft.tags.remove(pattern).isEmpty {
                throw KitError.invalidArgument(
                    old.tags.isEmpty
                        ? "\(old.name) has no tag \(pattern); it has no tags"
                        : "\(old.name) has no tag \(pattern); its tags are: \(old.tags.map(\.description).joined(separator: ", "))"
                )
            }
        }
        for tag in try tagSet(params.tags ?? []) { draft.tags.insert(tag) }
        if let url = params.url { draft.url = url }
        if let phone = params.phone { draft.phone = phone }
        if let address = params.address { draft.address = address }
        if let note = params.note { draft.note = note }
        if let weight = params.weight { draft.weight = weight }
        if params.removeImage == true {
            guard params.imagePath == nil && params.imageData == nil else {
                throw KitError.invalidArgument("give either a new image or removeImage, not both")
            }
            draft.image = nil
        }
        draft = try draft.validated()
        if draft.nameKey != old.nameKey || draft.name != old.name { try requireFreeName(draft.name, except: old.id) }
        if let image { draft.image = image }
        let imageGiven = params.imagePath != nil || params.imageData != nil
        guard draft != old.draft || (imageGiven && image == nil) else {
            throw KitError.invalidArgument(
                "nothing to change for \(old.name); give a field to set, e.g. --tag kind=한식 or --weight 2")
        }
        return (old, draft)
    }

    /// The loop's half of `place.edit`.
    private func edit(_ params: PlaceEditParams, image: String?) throws -> PlaceInfo {
        let (old, draft) = try edited(params, image: image)
        let place = Place(id: old.id, draft: spelled([draft]).drafts[0])
        try storing { try store.updatePlace(place, now: clock.now().wall) }
        if let index = places.firstIndex(where: { $0.id == place.id }) { places[index] = place }
        vocabulary = nil
        if let image = old.image, image != place.image { releaseImageAfterCommit(image) }
        let result = info(place)
        commits.onCommitted { [events] in
            events.emit(Event.placeChanged, PlaceChangedEvent(change: .edited, place: result))
        }
        return result
    }

    func remove(_ ref: RecordRef) throws -> PlaceRemoveResult {
        let place = try resolve(ref)
        try storing { try store.deletePlace(id: place.id) }
        let last = info(place)
        places.removeAll { $0.id == place.id }
        lastSeen.removeValue(forKey: place.id)
        vocabulary = nil
        var imageRemoved = false
        if let image = place.image, !places.contains(where: { $0.image == image }) {
            imageRemoved = true
            releaseImageAfterCommit(image)
        }
        commits.onCommitted { [events] in
            events.emit(Event.placeChanged, PlaceChangedEvent(change: .removed, place: last))
        }
        return PlaceRemoveResult(removed: place.id, imageRemoved: imageRemoved)
    }

    func visited(_ ref: RecordRef) throws -> PlaceHistoryInfo {
        let place = try resolve(ref)
        let now = clock.now().wall
        let entryID: Int64 = try storing {
            try store.recordPlaceHistory(placeID: place.id, placeName: place.name, kind: .visited, at: now)
        }
        lastSeen[place.id, default: (nil, nil)].visited = now
        let result = info(place)
        commits.onCommitted { [events] in
            events.emit(Event.placeChanged, PlaceChangedEvent(change: .visited, place: result))
        }
        return PlaceHistoryInfo(
            id: entryID, placeId: place.id, placeName: place.name, kind: .visited, at: Timestamp.rfc3339(now),
            filter: nil)
    }

    /// All or nothing: every row is checked first, and nothing is stored when one is wrong. The
    /// file is read and checked off the loop, against the names kit had then; the loop's half
    /// checks the names again (another client may have added one meanwhile) and stores at most
    /// `maximumImport` places.
    func importOffLoop(_ params: PlaceImportParams) -> OffLoop<PlaceImportResult> {
        let existing = places.map(\.draft)
        let (format, text) = (params.format, params.text)
        return OffLoop(
            "place.import",
            work: { () throws -> PlaceImportReport in
                switch format.lowercased() {
                case "csv": return PlaceCSV.read(text, existing: existing)
                case "json": return try PlaceJSONImport.read(text, existing: existing)
                default: throw KitError.invalidArgument("unknown import format '\(format)'; use csv or json")
                }
            },
            finish: { [unowned self] report in try finishImport(report) })
    }

    /// The loop's half of `place.import`.
    private func finishImport(_ report: PlaceImportReport) throws -> PlaceImportResult {
        let drafts = try report.accepted()
        // Kit's own export read back: nothing new, and the reply says so.
        if drafts.isEmpty && !report.skipped.isEmpty {
            return PlaceImportResult(imported: [], skipped: report.skipped)
        }
        guard !drafts.isEmpty else {
            throw KitError.invalidArgument("the file holds no places; nothing was imported")
        }
        guard drafts.count <= Self.maximumImport else {
            throw KitError.invalidArgument(
                "the file holds \(drafts.count) places; kit imports at most \(Self.maximumImport) at a time, so split it into smaller files; nothing was imported"
            )
        }
        let taken = Set(places.map(\.nameKey))
        if let clash = drafts.first(where: { taken.contains($0.nameKey) }) {
            throw KitError.invalidArgument(
                "a place named '\(clash.name)' was added while the file was read; nothing was imported")
        }
        let (spelledDrafts, known) = spelled(drafts)
        let stored = try storing { try store.insertPlaces(spelledDrafts, now: clock.now().wall) }
        places += stored
        vocabulary = known
        let count = stored.count
        commits.onCommitted { [events] in
            events.emit(Event.placeChanged, PlaceChangedEvent(change: .imported, count: count))
        }
        return PlaceImportResult(imported: stored.map(info), skipped: report.skipped.isEmpty ? nil : report.skipped)
    }

    /// Notes a roulette pick for `lastPickedAt`.
    func recordPicked(_ id: Int64, at: WallTime) { lastSeen[id, default: (nil, nil)].picked = at }

    // MARK: Internals

    /// The most tags one request may give (to add, to remove, or in a filter), and the longest
    /// image path, in characters (Linux's PATH_MAX).
    static let maximumTags = 100
    static let maximumPathLength = 4096
    /// The most places one `place.import` stores: storing them is on the loop (1,000 take about
    /// 0.15 s in a debug build; 7,700, a whole 1 MiB file, took 1.2 s).
    static let maximumImport = 1000

    /// A filter of at most `maximumTags` tags.
    static func filter(_ texts: [String]?) throws(KitError) -> PlaceFilter {
        try TextLimit.check(count: texts?.count ?? 0, "tags in the filter", limit: maximumTags)
        return try PlaceFilter(parsing: texts ?? [])
    }

    /// Checks every `category=value`; refuses the first one that is not a tag.
    private func tagSet(_ texts: [String]) throws(KitError) -> TagSet {
        try TextLimit.check(count: texts.count, "tags", limit: Self.maximumTags)
        var set = TagSet()
        for text in texts { set.insert(try PlaceTag.parse(text)) }
        return set
    }

    /// The drafts with each tag in the first spelling known for it (earlier drafts count), and
    /// the vocabulary once they are stored: the caller keeps it only if storing succeeds.
    private func spelled(_ drafts: [PlaceDraft]) -> (drafts: [PlaceDraft], vocabulary: TagVocabulary) {
        var known = vocabulary ?? TagVocabulary(places: places)
        let result = drafts.map { draft in
            var copy = draft
            copy.tags = TagSet(draft.tags.map { known.spell($0) })
            return copy
        }
        return (result, known)
    }

    private func requireFreeName(_ name: String, except id: Int64? = nil) throws {
        let key = PlaceText.key(name)
        if let other = places.first(where: { $0.nameKey == key && $0.id != id }) {
            throw KitError.invalidArgument(
                "a place named '\(other.name)' exists already (id \(other.id)); names are unique")
        }
    }

    /// Deletes the image file once the change is committed, unless a place uses it by then.
    func releaseImageAfterCommit(_ image: String) {
        commits.onCommitted { [weak self] in
            guard let self, !places.contains(where: { $0.image == image }) else { return }
            images.remove(image)
        }
    }

    /// An id, or the unique name (matched after trimming, NFC and case folding).
    func resolve(_ ref: RecordRef) throws -> Place {
        try RecordLookup<Place>(
            noun: "place", byID: { [self] id in places.first { $0.id == id } },
            byName: { [self] name in
                let key = PlaceText.key(name)
                return places.first { $0.nameKey == key }.map { [$0] } ?? []
            },
            describe: { "\($0.id) (\($0.name))" },
            missingID: { .notFound("no place with id \($0); `kitctl place list` shows them") },
            missingName: { [self] name in notFound(name) }
        ).resolve(ref.text)
    }

    /// No place has `name`: say so, with the names that come close.
    private func notFound(_ name: String) -> KitError {
        let key = PlaceText.key(name)
        let close = byName(places.filter { $0.nameKey.contains(key) || key.contains($0.nameKey) }).map(\.name)
        let suggestions = Array((close.isEmpty ? byName(places).map(\.name) : close).prefix(8))
        if places.isEmpty {
            return .notFound("no place named '\(name)'; add one with `kitctl place add NAME --tag area=…`")
        }
        if close.isEmpty {
            return .notFound("no place named '\(name)'; `kitctl place list` shows them", suggestions: suggestions)
        }
        return .notFound(
            "no place named '\(name)'; did you mean: \(suggestions.joined(separator: ", "))?", suggestions: suggestions)
    }

    /// `places` by name, in the user's language's order (then by id).
    func byName(_ places: some Sequence<Place>) -> [Place] {
        runtime.names.sorted(places, by: \.nameKey, tie: { $0.id < $1.id })
    }
}

extension PlaceFeature {
    /// Stores the image of an `imagePath` or an `imageData` off the loop: up to 20 MiB read,
    /// checked, hashed (SHA-256, about 85 ms for 20 MiB) and copied in. `check` refuses the
    /// request on the loop first, so a refused place stores no image; `finish` gets the image's
    /// reference back on the loop. Without an image, `finish` runs on the loop at once, with nil.
    private func storingImage(
        _ label: String, path: String?, data: String?, check: () throws -> Void,
        finish: @escaping (String?) throws -> PlaceInfo
    ) throws -> OffLoop<PlaceInfo> {
        guard path != nil || data != nil else { return OffLoop(label, now: { try finish(nil) }) }
        try check()
        let images = images
        return OffLoop(
            label, work: { () throws -> String? in try Self.image(path: path, data: data, in: images) },
            finish: { [unowned self] image in
                // Another client's change may have removed the file meanwhile, as unused.
                if let image, let file = images.path(for: image), !FileManager.default.fileExists(atPath: file) {
                    throw KitError.invalidArgument("the image was removed as unused while it was stored; send it again")
                }
                do {
                    return try finish(image)
                } catch {
                    // A place another client added meanwhile took the name: no place keeps the image.
                    if let image { releaseImageAfterCommit(image) }
                    throw error
                }
            })
    }

    /// The stored image's reference for an `imagePath` or an `imageData`, or nil for neither.
    private static func image(path: String?, data: String?, in images: PlaceImages) throws -> String? {
        switch (path, data) {
        case (nil, nil): return nil
        case (.some, .some): throw KitError.invalidArgument("give the image as a path or as data, not both")
        case (.some(let path), nil): return try images.store(copying: path)
        case (nil, .some(let text)):
            guard text.utf8.count <= (PlaceImageData.maximumBytes + 2) / 3 * 4 + 4 else {
                throw KitError.invalidArgument(
                    "the image data is over \(PlaceImageData.maximumBytes / 1024) KiB; send a smaller image, or its path (imagePath) if kitd can read it"
                )
            }
            guard let bytes = Data(base64Encoded: text) else {
                throw KitError.invalidArgument("the image data is not base64; send the file's bytes in base64")
            }
            return try images.store(bytes: bytes)
        }
    }
}
