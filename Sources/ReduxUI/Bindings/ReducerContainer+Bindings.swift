internal import ReduxCore
public import ReduxReducers

extension ReducerContainer {
    /// Registers the reducer that applies binding writes to a ``BindableState``: every
    /// ``BindingAction`` of `Part` whose field `Part` lists in ``BindableState/bindableFields``.
    ///
    /// ```swift
    /// struct ContactListFeature: LogicFeature {
    ///     func injectReducers(container: any ReducerContainer) {
    ///         container.addBindingReducer(for: ContactList.self)
    ///         // reducers that react to a write come after it, and see it applied
    ///     }
    /// }
    /// ```
    ///
    /// A write to a field `Part` does not list is reported as `ReduxIssue.Kind.misuse`,
    /// naming the field, and changes nothing.
    ///
    /// - Parameter part: The state whose binding writes to apply; the feature's own.
    /// - Complexity: O(f) per write, f the number of listed fields.
    public func addBindingReducer<Part: BindableState>(for part: Part.Type) {
        addReduceFunction { (provider, action: BindingAction<Part>, state: inout Part) in
            guard Part.bindableFields.contains(where: { $0 == action.field }) else {
                provider.dependencies.issueReporter.report(
                    ReduxIssue(
                        .misuse,
                        "A binding wrote \(action.field), which \(Part.self).bindableFields does not list, so the "
                            + "write was not applied; add the key path to bindableFields, or send an action of "
                            + "your own for this field."))
                return
            }
            action.apply(to: &state)
        }
    }
}
