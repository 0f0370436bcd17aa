/// Where in the source an action was sent: the `#fileID` and `#line` of a `dispatch` or an
/// effect's `send`, kept for a time-travel recorder (an inspector shows it per action).
///
/// One word, so that a dispatch carries it in a register (decision 19): the address of the
/// `#fileID` literal (a null-terminated string in the binary) in the low 47 bits, the line in the
/// 17 above. User-space addresses stay below 2^47 on the 64-bit platforms Swift runs on; a line
/// past 131,071 is kept as 131,071. The same layout is written in `Store.packedSite`, which
/// packs it inline in the caller's code.
package struct CallSite: Sendable, Equatable {
    /// The packed site; never 0.
    package let packed: UInt64

    /// How many low bits hold the address.
    static var addressBits: UInt64 { 47 }

    /// A site packed by `Store.packedSite`; nil for 0, which a call without a site passes.
    package init?(packed: UInt64) {
        guard packed != 0 else { return nil }
        self.packed = packed
    }

    /// A call site; nil when the file name is not a literal's address (a one-scalar
    /// `StaticString`), or for line 0, which a call that has no site to pass gives.
    package init?(fileID: StaticString, line: UInt) {
        guard line != 0, fileID.hasPointerRepresentation else { return nil }
        self.packed =
            UInt64(UInt(bitPattern: fileID.utf8Start)) | UInt64(min(line, 0x1_FFFF)) << Self.addressBits
    }

    /// The `#fileID`, `Module/File.swift`, as a null-terminated string.
    package var fileID: UnsafePointer<CChar> {
        UnsafePointer(bitPattern: UInt(packed & (1 << Self.addressBits - 1)))!
    }

    /// The line of the call.
    package var line: UInt {
        UInt(packed >> Self.addressBits)
    }

    /// `Module/File.swift:42`, as a journal line and an inspector give it.
    package var description: String {
        "\(String(cString: fileID)):\(line)"
    }
}

/// A reducer that knows where it was registered: a reduce function, which its type cannot tell
/// from another of the same action and state.
package protocol RegistrationSite {
    /// The `fileID:line` of the `addReduceFunction` or `addAsyncReduceFunction` call; nil when unknown.
    var registrationSite: CallSite? { get }
}
