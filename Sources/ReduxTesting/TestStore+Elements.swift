import MultiRedux
internal import ReduxShared
public import ReduxUI

extension TestStore {
    /// Sends an action from one element of a collection, as the element's scope sends it, and
    /// asserts the change: the features placed at each element of that collection
    /// (`LogicFeature.forEach(_:)`) reduce that element, and the effects
    /// they start send their changes and follow-up actions to it.
    ///
    /// ```swift
    /// await store.send(ContactDetailAction.deleteTapped, to: \.list.path, id: 0) {
    ///     $0.list.path[id: 0]?.confirmingDelete = true
    /// }
    /// ```
    ///
    /// Everything else is as ``send(_:timeout:isolation:fileID:filePath:line:column:_:)``.
    ///
    /// - Parameters:
    ///   - action: The action, which names no element.
    ///   - collection: The collection, a key path from the root state.
    ///   - id: The element's id in the collection.
    ///   - timeout: How long to wait for the store to apply it; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func send<Elements: IdentifiedCollection & Sendable>(
        _ action: any Action, to collection: any WritableKeyPath<Root, Elements> & Sendable, id: Elements.ID,
        timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await send(
            action, address: [ElementStep(collection: collection, id: AnyHashable(id))], timeout: timeout,
            at: TestFailure.Location(fileID, filePath, line, column), update)
    }
}
