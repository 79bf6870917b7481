/// A route's answer in two halves, for a request too long to handle on the loop.
///
/// `work` runs on the runtime's background worker. It sees only the `Sendable` values it
/// captured, read on the loop when the request came, and must not touch daemon state. `finish`
/// runs back on the loop with what `work` returned, sees the daemon's state as it is then (other
/// clients may have changed it meanwhile), and gives the result or throws, as a handler does.
/// A thrown error of either half becomes the request's error reply.
///
/// The client's connection is not read while the work runs, so its replies keep the order of its
/// requests, and what it sent after this request sees this request's changes. Other clients are
/// served meanwhile.
struct OffLoop<Result: Encodable> {
    let label: String
    /// The answer of a request that turned out to need no long work (`init(_:now:)`), given on
    /// the loop at once; nil when the work goes to the worker.
    let immediate: (() throws -> Result)?
    private let start: (BackgroundWorker, @escaping (Swift.Result<Result, any Error>) -> Void) -> Void

    init<Prepared: Sendable, Failure: Error>(
        _ label: String, work: @escaping @Sendable () throws(Failure) -> Prepared,
        finish: @escaping (Prepared) throws -> Result
    ) {
        self.label = label
        immediate = nil
        start = { worker, deliver in
            worker.submit(
                label, { Swift.Result<Prepared, any Error> { try work() } },
                then: { prepared in deliver(Swift.Result { try finish(prepared.get()) }) })
        }
    }

    /// No work for the worker: the route answers on the loop with `answer`, as a `.now` route
    /// does, with no hop to the worker and back (a `place.add` without an image).
    init(_ label: String, now answer: @escaping () throws -> Result) {
        self.label = label
        immediate = answer
        start = { _, deliver in deliver(Swift.Result { try answer() }) }
    }

    /// Starts the work; `deliver` runs on the loop with the result.
    func run(on worker: BackgroundWorker, deliver: @escaping (Swift.Result<Result, any Error>) -> Void) {
        start(worker, deliver)
    }
}
