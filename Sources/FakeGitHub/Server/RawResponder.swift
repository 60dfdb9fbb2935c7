import Foundation
import Synchronization

/// A bare HTTP/1.1 responder on a loopback socket, for answers FakeGitHub's server cannot give:
/// a body without end (chunked, no `Content-Length`), a body announced and never sent, no
/// answer at all, a plain-HTTP server's 400 to whatever it cannot read (a TLS handshake), or a
/// connection reset as soon as the client speaks.
///
/// It tells what happens on ``events``: each request as it arrives, and each connection as it
/// ends (the client hung up, or the body was all sent), with the body bytes sent on it, so a
/// test waits for what it means.
package final class RawResponder: Sendable {
    package enum Behaviour: Sendable {
        /// 200, then 64 KiB chunks until `limit` bytes are sent or the client hangs up.
        case endlessBody(limit: Int)
        /// Reads the request and answers nothing until the client hangs up.
        case silent
        /// 200 with a `Content-Length` of `length`, then nothing until the client hangs up.
        case announcedBody(length: Int)
        /// What a plain-HTTP server (nginx, say) answers to bytes that are not HTTP, such as a
        /// TLS handshake: 400 with a small HTML body, and the connection closed.
        case badRequest
        /// The connection reset (RST) as soon as the first bytes arrive: a handshake cut short.
        case reset
    }

    package enum Event: Sendable, Equatable {
        case request
        /// A connection ended, after `sent` body bytes.
        case ended(sent: Int)
    }

    package let port: Int
    package let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let listener: Int32
    private let sentBytes = Atomic<Int>(0)
    private let clients = Mutex<Set<Int32>>([])

    /// Body bytes sent so far, on every connection.
    package var sent: Int { sentBytes.load(ordering: .relaxed) }

    package init(_ behaviour: Behaviour) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                clients.withLock { _ = $0.insert(client) }
                Thread { [self] in serve(client, behaviour) }.start()
            }
        }.start()
    }

    /// Stops listening and hangs up every connection.
    package func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for client in clients.withLock({ $0 }) { shutdown(client, Int32(SHUT_RDWR)) }
        continuation.finish()
    }

    /// Waits for the next event of the kind `matching` accepts.
    package func next(_ matching: (Event) -> Bool) async -> Event? {
        for await event in events where matching(event) { return event }
        return nil
    }

    private func serve(_ client: Int32, _ behaviour: Behaviour) {
        defer {
            clients.withLock { _ = $0.remove(client) }
            close(client)
        }
        var request = [UInt8](repeating: 0, count: 8192)
        guard recv(client, &request, request.count, 0) > 0 else { return }
        continuation.yield(.request)
        var total = 0
        switch behaviour {
        case .silent:
            while recv(client, &request, request.count, 0) > 0 {}
        case .badRequest:
            let body = "<html>\r\n<head><title>400 Bad Request</title></head>\r\n</html>\r\n"
            let head = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            _ = Self.write(client, Array((head + body).utf8))
        case .reset:
            // A zero linger time makes the close below send RST instead of FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .announcedBody(let length):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
            guard Self.write(client, Array(head.utf8)) else { break }
            while recv(client, &request, request.count, 0) > 0 {}
        case .endlessBody(let limit):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            guard Self.write(client, Array(head.utf8)) else { break }
            let payload = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
            let chunk = Array(String(payload.count, radix: 16).utf8) + [13, 10] + payload + [13, 10]
            while total < limit, Self.write(client, chunk) {
                total += payload.count
                sentBytes.add(payload.count, ordering: .relaxed)
            }
            _ = Self.write(client, Array("0\r\n\r\n".utf8))
        }
        continuation.yield(.ended(sent: total))
    }

    private static func write(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
