#if canImport(Observation)
    import MultiRedux
    import ReduxTesting
    import ReduxUI
    import Testing

    #if canImport(SwiftUI)
        import MultiReduxUI
        import SwiftUI
    #endif

    /// A sheet's draft that lists its own field.
    private struct Draft: BindableState, Equatable {
        var text = ""

        static var bindableFields: [AnyKeyPath & Sendable] { [\Draft.text] }
    }

    private struct Notice: MultiRedux.State, Equatable {
        var message: String
    }

    /// What the page presents, one at a time; two cases hold a `Notice`.
    private enum PageDestination: Equatable, Sendable {
        case draft(Draft)
        case warning(Notice)
        case tip(Notice)
        case alert(AlertState<PageAlert>)
        case confirm(ConfirmationDialogState<PageAlert>)
    }

    /// The buttons of the page's alert and dialog.
    private enum PageAlert: Action, Equatable {
        case discard
    }

    private struct Page: BindableState, Equatable {
        var destination: PageDestination?

        static var bindableFields: [AnyKeyPath & Sendable] { [\Page.destination] }
    }

    private enum PageAction: Action {
        case warn
        case tip
    }

    private struct PageFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Page.self)
            container.addReduceFunction { (_, action: PageAction, page: inout Page) in
                switch action {
                case .warn: page.destination = .warning(Notice(message: "careful"))
                case .tip: page.destination = .tip(Notice(message: "try this"))
                }
            }
        }
    }

    private struct DraftFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addBindingReducer(for: Draft.self)
        }
    }

    #if canImport(SwiftUI)
        /// One presentation per case, as a screen writes them: type-checked by `.ci/apple-check`.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private struct PageView: View {
            @Bindable var store: ScopedStore<Page>

            var body: some View {
                Text("Page")
                    .sheet(item: $store.scope(\.destination, case: PageDestination.draft)) { draft in
                        DraftView(store: draft)
                    }
                    .popover(item: $store.scope(\.destination, case: PageDestination.tip)) { tip in
                        Text(verbatim: tip.state.message)
                    }
                    .alert(store, \.destination, case: PageDestination.alert)
                    .confirmationDialog(store, \.destination, case: PageDestination.confirm)
            }
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private struct DraftView: View {
            @Bindable var store: ScopedStore<Draft>

            var body: some View {
                TextField("Text", text: $store.text)
            }
        }
    #endif

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    private func makePage(_ destination: PageDestination?) -> Store<Page> {
        Store(
            initialState: Page(destination: destination),
            features: [PageFeature().at(\.self), DraftFeature().ifLet(\.destination, case: PageDestination.draft)],
            issueReporter: .failingTest(), dependencies: .testing())
    }

    /// A scope per case of an optional enum of destinations.
    @Suite @MainActor struct DestinationScopeTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a case's scope is there only while the destination is that case, never another with the same type")
        func scopeOfTheCaseOnly() throws {
            let store = makePage(.warning(Notice(message: "careful")))
            let page = store.scope(\.self)
            let warning = try #require(page.scope(\.destination, case: PageDestination.warning))
            #expect(warning.message == "careful")
            #expect(page.scope(\.destination, case: PageDestination.tip) == nil)
            #expect(page.scope(\.destination, case: PageDestination.draft) == nil)

            page.dispatch(PageAction.tip)

            #expect(warning.isGone)
            #expect(page.scope(\.destination, case: PageDestination.warning) == nil)
            #expect(page.scope(\.destination, case: PageDestination.tip)?.message == "try this")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("reading a case's scope is invalidated when the case changes, not when the case's value does")
        func invalidatedByTheCaseOnly() throws {
            let store = makePage(.draft(Draft()))
            let page = store.scope(\.self)
            let draft = try #require(page.scope(\.destination, case: PageDestination.draft))
            let onCase = Invalidations()
            onCase.track { _ = page.scope(\.destination, case: PageDestination.draft) }

            draft.text = "hello"  // a keystroke in the sheet
            #expect(onCase.count == 0)
            #expect(store.state.destination == .draft(Draft(text: "hello")))

            page.dispatch(PageAction.warn)
            #expect(onCase.count == 1)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("the binding of a case's presentation writes nil when the user dismisses it")
        func dismissalWritesNil() throws {
            let store = makePage(.tip(Notice(message: "try this")))
            let page = store.scope(\.self)
            #expect(page.scope(\.destination, case: PageDestination.tip) != nil)
            page.destination = nil  // what the popover's binding writes on dismissal
            #expect(store.state.destination == nil)
        }
    }
#endif
