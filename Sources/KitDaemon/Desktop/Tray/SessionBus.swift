import CSdBus
import Glibc

/// kitd's connection to the session bus (sd-bus), dispatched by its sd-event loop: the one file
/// that speaks to sd-bus. It exports objects, owns names, calls methods and matches signals, all
/// without waiting: every reply comes back to a handler on the loop.
final class SessionBus {
    private let bus: OpaquePointer

    /// Connects to the session bus (`$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`) and
    /// lets `event`'s loop dispatch it. Nothing waits for the bus: its socket is non-blocking,
    /// and its greeting is read by the loop. Throws when there is no bus to connect to.
    init(event: OpaquePointer, description: String) throws(SystemError) {
        var opened: OpaquePointer?
        try Self.check(sd_bus_open_user_with_description(&opened, description), "sd_bus_open_user")
        guard let opened else { throw SystemError(operation: "sd_bus_open_user", code: EINVAL) }
        bus = opened
        do {
            try Self.check(sd_bus_attach_event(bus, event, 0), "sd_bus_attach_event")
        } catch {
            sd_bus_close_unref(bus)
            throw error
        }
    }

    deinit {
        sd_bus_detach_event(bus)
        sd_bus_close_unref(bus)
    }

    /// Exports an object at `path`: `handle` gets each method call to it and returns the values
    /// of its reply, nil for a call it does not know (sd-bus answers `UnknownMethod`), or throws
    /// the error to answer with.
    func export(path: String, _ handle: @escaping (BusCall) throws(BusFailure) -> [BusValue]?) throws(SystemError)
        -> BusSlot
    {
        let box = BusHandlerBox { [bus] message, replyError in
            var type: UInt8 = 0
            guard sd_bus_message_get_type(message, &type) >= 0, Int(type) == Int(SD_BUS_MESSAGE_METHOD_CALL)
            else { return 0 }
            do throws(BusFailure) {
                var reader = BusReader()
                let call = BusCall(
                    interface: Self.text(sd_bus_message_get_interface(message)),
                    member: Self.text(sd_bus_message_get_member(message)),
                    sender: Self.text(sd_bus_message_get_sender(message)),
                    arguments: try reader.read(message))
                guard let values = try handle(call) else { return 0 }
                var reply: OpaquePointer?
                guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
                defer { sd_bus_message_unref(reply) }
                guard Self.append(values, to: reply) >= 0 else { return -EINVAL }
                return sd_bus_send(bus, reply, nil) >= 0 ? 1 : -EIO
            } catch {
                sd_bus_error_set(replyError, error.name, error.message)
                return -EINVAL
            }
        }
        return try slot("sd_bus_add_object", box) { sd_bus_add_object(bus, &$0, path, busTrampoline, box.pointer) }
    }

    /// Asks for `name` without queueing; `done` says whether kitd owns it.
    func requestName(_ name: String, done: @escaping (Bool) -> Void) throws(SystemError) -> BusSlot {
        let box = BusHandlerBox { message, _ in
            done(sd_bus_message_is_method_error(message, nil) == 0)
            return 1
        }
        return try slot("sd_bus_request_name_async", box) {
            sd_bus_request_name_async(bus, &$0, name, 0, busTrampoline, box.pointer)
        }
    }

    /// Calls a method; `reply` gets its values or its error (a timeout too). Keep the slot until
    /// then: releasing it forgets the call.
    func call(
        _ destination: String, path: String, interface: String, member: String, _ arguments: [BusValue] = [],
        timeout microseconds: UInt64, reply: @escaping (Result<[BusValue], BusFailure>) -> Void
    ) throws(SystemError) -> BusSlot {
        var message: OpaquePointer?
        try Self.check(
            sd_bus_message_new_method_call(bus, &message, destination, path, interface, member),
            "sd_bus_message_new_method_call")
        defer { sd_bus_message_unref(message) }
        try Self.check(Self.append(arguments, to: message!), "sd_bus_message_append")
        let box = BusHandlerBox { message, _ in
            if let error = sd_bus_message_get_error(message), sd_bus_message_is_method_error(message, nil) > 0 {
                reply(
                    .failure(BusFailure(name: Self.text(error.pointee.name), message: Self.text(error.pointee.message)))
                )
                return 1
            }
            var reader = BusReader()
            do throws(BusFailure) {
                reply(.success(try reader.read(message)))
            } catch {
                reply(.failure(error))
            }
            return 1
        }
        return try slot("sd_bus_call_async", box) {
            sd_bus_call_async(bus, &$0, message, busTrampoline, box.pointer, microseconds)
        }
    }

    /// Calls `handler` with the values of each signal that `match` (a D-Bus match rule) takes.
    func match(_ rule: String, _ handler: @escaping ([BusValue]) -> Void) throws(SystemError) -> BusSlot {
        let box = BusHandlerBox { message, _ in
            var reader = BusReader()
            if let values = try? reader.read(message) { handler(values) }
            return 0
        }
        return try slot("sd_bus_add_match_async", box) {
            sd_bus_add_match_async(bus, &$0, rule, busTrampoline, nil, box.pointer)
        }
    }

    /// Sends a signal from the object at `path`.
    func emit(path: String, interface: String, member: String, _ arguments: [BusValue]) {
        var message: OpaquePointer?
        guard sd_bus_message_new_signal(bus, &message, path, interface, member) >= 0, let message else { return }
        defer { sd_bus_message_unref(message) }
        guard Self.append(arguments, to: message) >= 0 else { return }
        _ = sd_bus_send(bus, message, nil)
    }

    // MARK: Internals

    private func slot(
        _ operation: String, _ box: BusHandlerBox, _ make: (inout OpaquePointer?) -> Int32
    ) throws(SystemError) -> BusSlot {
        var pointer: OpaquePointer?
        try Self.check(make(&pointer), operation)
        return BusSlot(pointer: pointer, box: box)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    private static func check(_ result: Int32, _ operation: String) throws(SystemError) {
        if result < 0 { throw SystemError(operation: operation, code: -result) }
    }

    private static func append(_ values: [BusValue], to message: OpaquePointer) -> Int32 {
        for value in values {
            let result = append(value, to: message)
            if result < 0 { return result }
        }
        return 0
    }

    private static func append(_ value: BusValue, to message: OpaquePointer) -> Int32 {
        func basic<T>(_ type: Unicode.Scalar, _ value: T) -> Int32 {
            withUnsafePointer(to: value) { sd_bus_message_append_basic(message, code(type), $0) }
        }
        func container(_ type: Unicode.Scalar, _ contents: String, _ members: [BusValue]) -> Int32 {
            let opened = sd_bus_message_open_container(message, code(type), contents)
            guard opened >= 0 else { return opened }
            let appended = append(members, to: message)
            guard appended >= 0 else { return appended }
            return sd_bus_message_close_container(message)
        }
        switch value {
        case .byte(let byte): return basic("y", byte)
        case .bool(let flag): return basic("b", Int32(flag ? 1 : 0))
        case .int32(let number): return basic("i", number)
        case .uint32(let number): return basic("u", number)
        case .int64(let number): return basic("x", number)
        case .uint64(let number): return basic("t", number)
        case .double(let number): return basic("d", number)
        case .string(let text): return text.withCString { sd_bus_message_append_basic(message, code("s"), $0) }
        case .objectPath(let text): return text.withCString { sd_bus_message_append_basic(message, code("o"), $0) }
        case .signature(let text): return text.withCString { sd_bus_message_append_basic(message, code("g"), $0) }
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { sd_bus_message_append_array(message, code("y"), $0.baseAddress, $0.count) }
        case .array(let element, let values): return container("a", element, values)
        case .structure(let members): return container("r", String(value.signature.dropFirst().dropLast()), members)
        case .entry(let key, let member): return container("e", key.signature + member.signature, [key, member])
        case .variant(let inner): return container("v", inner.signature, [inner])
        }
    }
}

/// The C code of a D-Bus type.
private func code(_ type: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: type)) }

/// Reads a message's values, within bounds: a peer that sends more than kitd takes (a huge
/// `data`, a deep nest) gets an error reply, and nothing is kept of it.
private struct BusReader {
    static let maximumValues = 4096
    static let maximumDepth = 16
    static let maximumText = 65_536

    private var count = 0

    mutating func read(_ message: OpaquePointer) throws(BusFailure) -> [BusValue] {
        try read(message, depth: 0)
    }

    private mutating func read(_ message: OpaquePointer, depth: Int) throws(BusFailure) -> [BusValue] {
        guard depth <= Self.maximumDepth else {
            throw .invalidArgs("the message nests more than \(Self.maximumDepth) deep")
        }
        var values: [BusValue] = []
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            let more = sd_bus_message_peek_type(message, &type, &contents)
            guard more >= 0 else { throw .invalidArgs("the message cannot be read") }
            if more == 0 { return values }
            count += 1
            guard count <= Self.maximumValues else {
                throw .invalidArgs("the message has more than \(Self.maximumValues) values")
            }
            values.append(try value(message, type: UInt8(bitPattern: type), contents: contents, depth: depth))
        }
    }

    private mutating func value(
        _ message: OpaquePointer, type: UInt8, contents: UnsafePointer<CChar>?, depth: Int
    ) throws(BusFailure) -> BusValue {
        func basic<T>(_ initial: T) throws(BusFailure) -> T {
            var value = initial
            guard
                withUnsafeMutablePointer(
                    to: &value, { sd_bus_message_read_basic(message, CChar(bitPattern: type), $0) }) > 0
            else { throw .invalidArgs("the message cannot be read") }
            return value
        }
        func text() throws(BusFailure) -> String {
            let pointer: UnsafePointer<CChar>? = try basic(nil)
            guard let pointer, strlen(pointer) <= Self.maximumText else {
                throw .invalidArgs("a string is longer than \(Self.maximumText) bytes")
            }
            return String(cString: pointer)
        }
        switch Unicode.Scalar(type) {
        case "y": return .byte(try basic(0))
        case "b": return .bool(try basic(Int32(0)) != 0)
        case "n": return .int32(Int32(try basic(Int16(0))))
        case "q": return .uint32(UInt32(try basic(UInt16(0))))
        case "i": return .int32(try basic(0))
        case "u": return .uint32(try basic(0))
        case "x": return .int64(try basic(0))
        case "t": return .uint64(try basic(0))
        case "d": return .double(try basic(0))
        case "s": return .string(try text())
        case "o": return .objectPath(try text())
        case "g": return .signature(try text())
        case "h": return .int32(try basic(0))
        case "a", "r", "e", "v":
            let inner = contents.map { String(cString: $0) } ?? ""
            guard sd_bus_message_enter_container(message, CChar(bitPattern: type), contents) > 0 else {
                throw .invalidArgs("the message cannot be read")
            }
            let members = try read(message, depth: depth + 1)
            guard sd_bus_message_exit_container(message) >= 0 else { throw .invalidArgs("the message cannot be read") }
            switch Unicode.Scalar(type) {
            case "a": return .array(element: inner, members)
            case "r": return .structure(members)
            case "e":
                guard members.count == 2 else { throw .invalidArgs("a dictionary entry is not a pair") }
                return .entry(members[0], members[1])
            default:
                guard let first = members.first else { throw .invalidArgs("a variant is empty") }
                return .variant(first)
            }
        default:
            throw .invalidArgs("the message has a value of a type kit does not read")
        }
    }
}

/// One method call to an object kitd exports.
struct BusCall {
    var interface: String
    var member: String
    var sender: String
    var arguments: [BusValue]
}

/// An error a D-Bus peer is answered with, or that a call came back with.
struct BusFailure: Error, Equatable {
    var name: String
    var message: String

    static func invalidArgs(_ message: String) -> BusFailure {
        BusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }

    static func unknownProperty(_ name: String) -> BusFailure {
        BusFailure(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name)")
    }
}

/// A registration on the bus (an object, a match, a name request, a call awaiting its reply):
/// it ends when this is released.
final class BusSlot {
    private let pointer: OpaquePointer?
    private let box: BusHandlerBox

    fileprivate init(pointer: OpaquePointer?, box: BusHandlerBox) {
        self.pointer = pointer
        self.box = box
    }

    deinit { sd_bus_slot_unref(pointer) }
}

/// The Swift handler of a slot; the C side only sees an unretained pointer to it.
private final class BusHandlerBox {
    let handle: (OpaquePointer, UnsafeMutablePointer<sd_bus_error>?) -> Int32

    init(_ handle: @escaping (OpaquePointer, UnsafeMutablePointer<sd_bus_error>?) -> Int32) { self.handle = handle }

    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Hands a message to its slot's handler, keeping the handler alive until it returns (it may
/// release its own slot).
private func busTrampoline(
    _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let message, let userdata else { return 0 }
    let box = Unmanaged<BusHandlerBox>.fromOpaque(userdata).retain()
    defer { box.release() }
    return box.takeUnretainedValue().handle(message, error)
}
