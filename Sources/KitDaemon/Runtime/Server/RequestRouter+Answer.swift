import KitCore
import KitProtocol

extension RequestRouter {
    /// How a method's handler answers, given to `register` beside the method's declaration:
    /// `.now` on the loop, `.offLoop` on the background worker, `.later` when something the loop
    /// drives is done, `.laterLine` with a reply line it made itself.
    struct Answer<Params: WireValue, Result: WireValue> {
        let run: (Params, RequestID, Context, RequestRouter) throws -> Handled

        /// Answers at once with the handler's result, which writes itself (`WireValue`).
        static func now(_ handler: @escaping (Params, Context) throws -> Result) -> Self {
            Self { params, id, context, _ in
                .now(try WireCodec.writtenLine(ResponseEnvelope(id: id, result: try handler(params, context))))
            }
        }

        /// The handler's work runs off the loop (see `OffLoop`); the reply comes on a later turn,
        /// or at once when the handler found no long work to do (`OffLoop(_:now:)`).
        static func offLoop(_ handler: @escaping (Params, Context) throws -> OffLoop<Result>) -> Self {
            Self { params, id, context, router in
                let work = try handler(params, context)
                if let answer = work.immediate {
                    return .now(try WireCodec.writtenLine(ResponseEnvelope(id: id, result: try answer())))
                }
                let encoder = router.encoder
                let worker = router.worker
                return .later { deliver in
                    work.run(on: worker) { result in deliver(RequestRouter.replyLine(result, id: id, encoder: encoder))
                    }
                }
            }
        }

        /// The handler checks the params (throwing is an error reply at once) and keeps `reply`,
        /// which it calls once, never before it has returned: for a request that waits on
        /// something the loop drives (a sync run).
        static func later(
            _ handler: @escaping (Params, Context, @escaping (Swift.Result<Result, any Error>) -> Void) throws -> Void
        ) -> Self {
            Self { params, id, context, router in
                let encoder = router.encoder
                var reply: ((Swift.Result<[UInt8], any Error>) -> Void)?
                try handler(params, context) { result in
                    reply?(RequestRouter.replyLine(result, id: id, encoder: encoder))
                }
                return .later { deliver in reply = deliver }
            }
        }

        /// As `later`, with a reply line the handler made itself, whole (`{"id":…,"result":…}`):
        /// for a reply too big to encode on the loop, made on the worker (`task.export`). It gets
        /// the request's id for that.
        static func laterLine(
            _ handler:
                @escaping (Params, Context, RequestID, @escaping (Swift.Result<[UInt8], any Error>) -> Void) throws
                -> Void
        ) -> Self {
            Self { params, id, context, _ in
                var reply: ((Swift.Result<[UInt8], any Error>) -> Void)?
                try handler(params, context, id) { result in reply?(result) }
                return .later { deliver in reply = deliver }
            }
        }
    }
}
