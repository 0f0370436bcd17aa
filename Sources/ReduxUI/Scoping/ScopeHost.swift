#if canImport(Observation)
    internal import ReduxCore
    internal import ReduxShared
    internal import ReduxStore

    /// What every scope of one ``ScopedStore`` tree shares: how to send an action to the store and
    /// where to report misuse, and the store's observation that feeds the tree's root.
    @MainActor
    final class ScopeHost {
        /// Sends an action so that the main actor's next read shows its result; the effects it
        /// starts belong to the owners given, and it is addressed to the element given.
        let send:
            @MainActor (
                _ action: any Action, _ owners: [ScopeOwner], _ address: [ElementStep], _ fileID: StaticString,
                _ line: UInt
            ) -> Void
        /// Sends an action addressed to an element and calls back when it settled.
        let sendAwaiting:
            @Sendable (
                _ action: any Action, _ address: [ElementStep], _ fileID: StaticString, _ line: UInt,
                _ onSettled: @escaping @Sendable () -> Void
            ) -> Void
        /// The root scope's part: a key path from the store's root state.
        let base: AnyKeyPath
        /// Cancels the effects an owner owns.
        let cancelEffects: @MainActor (_ owner: ScopeOwner) -> Void
        /// Shows now the changes applied on other threads that wait for the main actor's next turn
        /// (set with ``token``).
        var showPending: @MainActor () -> Void = {}
        /// The store's issue reporter, when asked.
        let reporter: @MainActor () -> IssueReporter
        /// The store's observation of the root scope's part; ends with the host.
        var token: ObservationToken?

        init(
            base: AnyKeyPath,
            send: @escaping @MainActor (any Action, [ScopeOwner], [ElementStep], StaticString, UInt) -> Void,
            sendAwaiting:
                @escaping @Sendable (any Action, [ElementStep], StaticString, UInt, @escaping @Sendable () -> Void) ->
                Void,
            cancelEffects: @escaping @MainActor (ScopeOwner) -> Void,
            reporter: @escaping @MainActor () -> IssueReporter
        ) {
            self.base = base
            self.sendAwaiting = sendAwaiting
            self.send = send
            self.cancelEffects = cancelEffects
            self.reporter = reporter
        }

        /// The element a scope at `path` belongs to, as the store addresses it: a step per element
        /// on the way, each collection as a key path from the root state (the first) or from the
        /// element or presented child above it, with the element's id. A presented child on the way
        /// to an element below it is a step too; one below the last element is not (every feature
        /// placed at it hears the element's actions).
        func address(of path: [BindingStep]) -> [ElementStep] {
            var steps: [ElementStep] = []
            var presented: [ElementStep] = []
            var keyPath: AnyKeyPath? = base
            for step in path {
                // A key path that does not continue the one so far starts at a case's value.
                let next = keyPath.flatMap { $0.appending(path: step.keyPath) } ?? step.keyPath
                if let id = step.id {
                    steps += presented + [ElementStep(collection: next, id: id)]
                    presented = []
                    keyPath = nil
                } else if step.presents {
                    presented.append(ElementStep(collection: next, id: ElementStep.presentChild))
                    keyPath = nil
                } else {
                    keyPath = next
                }
            }
            return steps
        }

        /// Names a presented child or stack element of this tree (its owner of effects).
        ///
        /// - Parameter path: Where it is: the steps from the root scope's part.
        func owner(at path: [BindingStep]) -> ScopeOwner {
            ScopeOwner(tree: ObjectIdentifier(self), path: path)
        }

        /// Reports misuse through the store's reporter.
        func reportMisuse(_ message: String) {
            reporter().report(ReduxIssue(.misuse, message))
        }
    }

    /// A presented child or a stack element, as the owner of the effects started by actions sent
    /// from its scope (and from the scopes below it): they are cancelled when it leaves the state.
    ///
    /// A value, not the scope object: the effects stay owned while the element is in the state,
    /// even if no view holds its scope.
    struct ScopeOwner: Hashable, Sendable {
        /// The scope tree (its host).
        let tree: ObjectIdentifier
        /// The steps from the root scope's part to the child or element.
        let path: [BindingStep]
    }
#endif
