/// Matches an enum action's case without its value, by reflection, exactly: the case of a value
/// is its `Mirror` child's label, and a case constructor (`PlanAction.delegate`) names its case by
/// the label of what it builds from the value's own payload. Two labels of one enum type are
/// equal only for one case, so a different case can never be reported as a match.
package enum CaseMatch {
    /// The payload of `action` when it is the case that `embed` builds; nil for any other case, a
    /// payload-less case, or an action of another type.
    ///
    /// - Parameters:
    ///   - action: A received action, or any enum value.
    ///   - embed: A case constructor of the value's enum: `PlanAction.delegate`.
    /// - Returns: The case's payload.
    package static func payload<Enum, Payload>(of action: Any, in embed: (Payload) -> Enum) -> Payload? {
        guard let value = action as? Enum,
            let (label, payload) = labeledPayload(of: value),
            let typed = payload as? Payload ?? onlyValue(of: payload) as? Payload,
            labeledPayload(of: embed(typed))?.label == label
        else { return nil }
        return typed
    }

    /// The case name of an enum value with a payload, and the payload (a tuple for several values).
    /// The name of the case an enum value is, or nil for a value that is not an enum with a
    /// payload: what tells two cases apart when their payloads have one type.
    package static func label(of value: Any) -> String? {
        labeledPayload(of: value)?.label
    }

    /// The one value of a case with one labelled value (`removeMeal(id:)`), which reflection
    /// gives as a tuple of one labelled element; nil for any other payload.
    private static func onlyValue(of payload: Any) -> Any? {
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
        return mirror.children.first?.value
    }

    private static func labeledPayload(of value: Any) -> (label: String, payload: Any)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else {
            return nil
        }
        return (label, child.value)
    }
}
