import Foundation
import Glibc
import Testing

@testable import KitDaemon

@Suite("One kitd per data directory")
struct InstanceLockTests {
    @Test("a second lock on the data directory is refused, naming the owner's pid")
    func secondIsRefused() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try InstanceLock(directory: directory, socketPath: directory + "/kitd.sock")
        defer { withExtendedLifetime(first) {} }
        let error = #expect(throws: DaemonStartError.self) {
            _ = try InstanceLock(directory: directory, socketPath: directory + "/kitd.sock")
        }
        #expect(
            error?.description
                == "kitd is already running (pid \(getpid()), data directory \(directory)); stop it first, or give this one its own --socket and --data-dir"
        )
    }

    @Test(
        "the lock is free once its owner lets go, even while a copy of its descriptor lives on (a child between fork and exec)"
    )
    func freedDespiteSharedDescriptor() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var first: InstanceLock? = try InstanceLock(directory: directory, socketPath: directory + "/kitd.sock")
        // What a child spawned by another thread holds until its exec: a copy of every
        // descriptor, sharing the open file and so its flock.
        let child = dup(try Self.lockDescriptor(in: directory))
        try #require(child >= 0)
        defer { close(child) }
        #expect(first != nil)
        first = nil
        let second = try InstanceLock(directory: directory, socketPath: directory + "/kitd.sock")
        withExtendedLifetime(second) {}
    }

    private static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "kit-lock-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// This process's descriptor open on `directory`'s kitd.lock.
    private static func lockDescriptor(in directory: String) throws -> Int32 {
        let target = directory + "/kitd.lock"
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                link == target, let fd = Int32(name)
            {
                return fd
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }
}
