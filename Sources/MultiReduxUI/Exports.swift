// MultiReduxUI: the SwiftUI layer. A view file imports this one module: it re-exports the framework,
// the scoped store and the values views show, and, where SwiftUI exists, SwiftUI itself.
@_exported import MultiRedux
@_exported import ReduxUI

#if canImport(SwiftUI)
    @_exported import SwiftUI

    /// SwiftUI's `@State`, so that `@State` just works in a file that imports MultiReduxUI.
    ///
    /// Both SwiftUI and MultiRedux declare a `State`: SwiftUI's property wrapper and the
    /// framework's protocol for a state. A name declared in this module wins over the two it
    /// re-exports, so in a view file (one that imports MultiReduxUI alone) `State` is SwiftUI's.
    /// A file that declares a feature's state imports MultiRedux (or ReduxCore), where `State` is
    /// the protocol; a file that needs the protocol beside views writes `MultiRedux.State`.
    /// Importing SwiftUI or MultiRedux beside MultiReduxUI makes `State` ambiguous again.
    public typealias State<Value> = SwiftUI.State<Value>
#endif
