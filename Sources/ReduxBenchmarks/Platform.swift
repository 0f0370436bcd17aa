import Foundation

/// `SOCK_STREAM` as `socket(_:_:_:)` takes it: an `Int32` on Darwin, an enum case on Glibc.
#if canImport(Darwin)
    let streamSocketType = SOCK_STREAM
#else
    let streamSocketType = Int32(SOCK_STREAM.rawValue)
#endif
