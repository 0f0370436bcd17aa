import MultiRedux
import ReduxCore
internal import ReduxShared
import ReduxTimeTravel
public import ReduxUI

/// A test store typed on a feature's state and action type, so that steps are written as the
/// feature's own cases: `send(.addMeal(pasta))`, `receive(.delegate(.planChanged([pasta])))`, and a
/// case matched without its value, `receive(PlanAction.delegate)`.
///
/// ```swift
/// let store = FeatureTestStore(
///     initialState: Plan(), features: [PlanFeature().at(\.self)], actions: PlanAction.self)
/// await store.send(.addMeal(pasta)) { $0.meals = [pasta] }
/// await store.receive(PlanAction.delegate)   // any delegate action
/// ```
///
/// A step sent from an element of a collection is spelled the same way, on the element's typed
/// view of the store: `store.scope(\.path, id: 0, actions: ScreenAction.self)` addresses what it
/// sends to that screen (`LogicFeature.forEach(_:)`), and its steps assert the whole state:
///
/// ```swift
/// let screen = store.scope(\.path, id: first, actions: ScreenAction.self)
/// await screen.send(.load) { $0.path[id: first]?.isLoading = true }
/// ```
///
/// Its steps are the ``TestStore``'s own (``testStore``), with the same waiting, exhaustivity and
/// failures, `assert { }` and `withExhaustivity(.off) { }` included; use the test store for what
/// is not typed on the action (`skipped`, `timeout`).
public final class FeatureTestStore<Root: State, Action: ReduxCore.Action> {
    /// The test store whose steps this one takes.
    public let testStore: TestStore<Root>
    /// The element this view of the store sends from; empty for the root.
    let address: [ElementStep]

    /// Creates a typed test store around a new store built from features, as ``TestStore``'s
    /// initialiser does.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - features: The features and their places, in the order the app places them.
    ///   - middleware: The app's middleware.
    ///   - dependencies: The dependencies the test overrides.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - actions: The feature's action type, whose cases the steps are written in.
    ///   - fileID: Where failures noticed at creation and deallocation point; leave the default.
    ///   - filePath: Where failures noticed at creation and deallocation point; leave the default.
    ///   - line: Where failures noticed at creation and deallocation point; leave the default.
    ///   - column: Where failures noticed at creation and deallocation point; leave the default.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public convenience init(
        initialState: @autoclosure () -> Root, features: [PlacedFeature<Root>] = [],
        middleware: [Middleware<Root>] = [], dependencies: Dependencies = Dependencies(),
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current, actions: Action.Type,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) where Root: Equatable {
        self.init(
            TestStore(
                initialState: initialState(), features: features, middleware: middleware, dependencies: dependencies,
                exhaustivity: exhaustivity, failureReporter: failureReporter, fileID: fileID, filePath: filePath,
                line: line, column: column, reducers: reducers),
            address: [])
    }

    init(_ testStore: TestStore<Root>, address: [ElementStep]) {
        self.testStore = testStore
        self.address = address
    }

    /// The store's current state.
    public var state: Root { testStore.state }

    /// Whether every change must be described: the test store's.
    public var exhaustivity: Exhaustivity {
        get { testStore.exhaustivity }
        set { testStore.exhaustivity = newValue }
    }

    /// Asserts a change of the state made outside a step: ``TestStore/assert(fileID:filePath:line:column:_:)``.
    ///
    /// - Parameters:
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the state as of the last step into the expected one.
    public func assert(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void
    ) {
        testStore.assert(fileID: fileID, filePath: filePath, line: line, column: column, update)
    }

    /// Runs steps with another exhaustivity, then restores the store's:
    /// ``TestStore/withExhaustivity(_:isolation:_:)``.
    ///
    /// - Parameters:
    ///   - exhaustivity: The exhaustivity of the steps `body` takes.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - body: The steps.
    /// - Returns: What `body` returns.
    public func withExhaustivity<Result>(
        _ exhaustivity: Exhaustivity, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await testStore.withExhaustivity(exhaustivity, isolation: isolation, body)
    }

    /// The view of the store from one element of a collection: its steps send actions of the
    /// element's type, addressed to that element.
    ///
    /// - Parameters:
    ///   - collection: The collection, a key path from the root state.
    ///   - id: The element's id.
    ///   - actions: The action type of the feature placed at each element.
    /// - Returns: A typed store that shares this one's steps and state.
    public func scope<Elements: IdentifiedCollection & Sendable, ElementAction: ReduxCore.Action>(
        _ collection: any WritableKeyPath<Root, Elements> & Sendable, id: Elements.ID,
        actions: ElementAction.Type
    ) -> FeatureTestStore<Root, ElementAction> {
        FeatureTestStore<Root, ElementAction>(
            testStore, address: [ElementStep(collection: collection, id: AnyHashable(id))])
    }

    /// The view of the store from an element inside this view's element: a row of a screen, a row
    /// of a screen's sheet. Its steps are addressed to every element on the way down, as the
    /// row's scope addresses them.
    ///
    /// ```swift
    /// let note = store.scope(\.path, id: second, actions: EditorAction.self)
    ///     .scope(\Editor.destination, actions: NoteAction.self)
    /// let row = note.scope(\NoteForm.rows, id: 1, actions: Toggle.self)
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The collection, a key path from this view's element (named with its type:
    ///     `\Editor.rows`).
    ///   - id: The element's id.
    ///   - actions: The action type of the feature placed at each element.
    /// - Returns: A typed store that shares this one's steps and state.
    public func scope<Element, Elements: IdentifiedCollection & Sendable, ElementAction: ReduxCore.Action>(
        _ collection: any WritableKeyPath<Element, Elements> & Sendable, id: Elements.ID,
        actions: ElementAction.Type
    ) -> FeatureTestStore<Root, ElementAction> {
        FeatureTestStore<Root, ElementAction>(
            testStore, address: address + [ElementStep(collection: collection, id: AnyHashable(id))])
    }

    /// The view of the store from an optional child of this view's element (a screen's sheet, a
    /// case of its destination enum): its steps are the element's, and an element inside the child
    /// is scoped from it.
    ///
    /// - Parameters:
    ///   - child: The optional child (or optional enum), a key path from this view's element
    ///     (named with its type: `\Editor.destination`).
    ///   - actions: The action type of the feature placed at the child.
    /// - Returns: A typed store that shares this one's steps and state.
    public func scope<Element, Child, ChildAction: ReduxCore.Action>(
        _ child: any WritableKeyPath<Element, Child?> & Sendable, actions: ChildAction.Type
    ) -> FeatureTestStore<Root, ChildAction> {
        FeatureTestStore<Root, ChildAction>(
            testStore, address: address + [ElementStep(collection: child, id: ElementStep.presentChild)])
    }

    /// Applies one of the feature's actions, from this view's element if it has one, and asserts
    /// the change: ``TestStore/send(_:timeout:isolation:fileID:filePath:line:column:_:)``.
    ///
    /// - Parameters:
    ///   - action: The action: `.addMeal(pasta)`.
    ///   - timeout: How long to wait for the store to apply it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func send(
        _ action: Action, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await testStore.send(
            action, address: address, timeout: timeout, at: TestFailure.Location(fileID, filePath, line, column),
            update)
    }

    /// Sends an action of another type, as the feature's screens do: a child's binding write
    /// (`send(BindingAction<Note>.set(\.text, "hi"))`), a child's own action; addressed as the
    /// feature's own are.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - timeout: How long to wait for the store to apply it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func send<Other: ReduxCore.Action>(
        _ action: Other, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await testStore.send(
            action, address: address, timeout: timeout, at: TestFailure.Location(fileID, filePath, line, column),
            update)
    }

    /// Receives a follow-up action of another type and asserts the change: a child's
    /// (`receive(NoteAction.delegate(.saved(id)))`), or the `Dismissal` a child sends
    /// (`receive(Dismissal()) { $0.draft = nil }`).
    ///
    /// - Parameters:
    ///   - expected: The action, with its value.
    ///   - timeout: How long to wait for it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<Other: ReduxCore.Action & Equatable>(
        _ expected: Other, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await testStore.receive(
            expected, timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line,
            column: column, update)
    }

    /// Receives a follow-up action with this value and asserts the change:
    /// `receive(.delegate(.planChanged([pasta])))`.
    ///
    /// - Parameters:
    ///   - expected: The action, with its value.
    ///   - timeout: How long to wait for it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive(
        _ expected: Action, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async where Action: Equatable {
        await testStore.receive(
            expected, timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line,
            column: column, update)
    }

    /// Receives a change an effect handed back to a state of this type (`effect.update { … }`) and
    /// asserts it: `receive(Plan.self) { $0.meals = [pasta] }`.
    ///
    /// - Parameters:
    ///   - stateType: The state the change is applied to: the root's, or a part's.
    ///   - timeout: How long to wait for it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<Changed: State>(
        _ stateType: Changed.Type, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await testStore.receive(
            stateType, timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line,
            column: column, update)
    }

    /// Receives a follow-up action of one case, whatever its value: `receive(PlanAction.delegate)`.
    ///
    /// The case is matched exactly, by reflection: another case of the enum, even one with a
    /// payload of the same type, never matches.
    ///
    /// - Parameters:
    ///   - case: The case's constructor: `PlanAction.delegate`.
    ///   - timeout: How long to wait for it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<Payload>(
        _ case: (Payload) -> Action, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await receiveCase(
            "receive(\(ValueDescription.name(of: Action.self)) case taking \(ValueDescription.name(of: Payload.self)))",
            matching: { CaseMatch.payload(of: $0, in: `case`) != nil }, timeout: timeout,
            at: TestFailure.Location(fileID, filePath, line, column), update)
    }

    /// Receives a follow-up action of a case nested in a case, whatever its value:
    /// `receive(PlanAction.delegate, PlanAction.Delegate.planChanged)` for any
    /// `.delegate(.planChanged(_))`.
    ///
    /// - Parameters:
    ///   - case: The outer case's constructor: `PlanAction.delegate`.
    ///   - inner: The inner case's constructor: `PlanAction.Delegate.planChanged`.
    ///   - timeout: How long to wait for it; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    public func receive<Payload, Inner>(
        _ case: (Payload) -> Action, _ inner: (Inner) -> Payload, timeout: TestTimeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        await receiveCase(
            "receive(\(ValueDescription.name(of: Action.self)) case taking \(ValueDescription.name(of: Payload.self)), "
                + "whose case takes \(ValueDescription.name(of: Inner.self)))",
            matching: { action in
                CaseMatch.payload(of: action, in: `case`).flatMap { CaseMatch.payload(of: $0, in: inner) } != nil
            }, timeout: timeout, at: TestFailure.Location(fileID, filePath, line, column), update)
    }

    /// Waits for all effects, then fails for what is left: ``TestStore/finish(timeout:isolation:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; by default the test store's.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    public func finish(
        timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await testStore.finish(
            timeout: timeout, isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Receives an action that `matching` accepts, explaining a held action of the feature's type
    /// that it refused.
    private func receiveCase(
        _ step: String, matching: (any ReduxCore.Action) -> Bool, timeout: TestTimeout?,
        at location: TestFailure.Location, isolation: isolated (any Actor)? = #isolation,
        _ update: (inout Root) throws -> Void
    ) async {
        await testStore.receive(
            step, matching: matching,
            explaining: { held in
                (held as? Action).map { "\(step): the action received is another case, \(ValueDescription.action($0))" }
            },
            timeout: timeout, update, at: location)
    }
}
