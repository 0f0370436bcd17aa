import MultiRedux
import ReduxTesting
import ReduxUI
import TestHelpers
import Testing

private struct Article: State, Equatable {
    var title: String
    var isRead = false
}

private enum Screen: Equatable, Sendable {
    case article(Article)
    case about
}

private struct Reader: BindableState, Equatable {
    var path = StackState<Article>()
    var screens = StackState<Screen>()

    static var bindableFields: [AnyKeyPath & Sendable] { [\Reader.path, \Reader.screens] }
}

private struct MarkRead: Action, Equatable {}

private struct ArticleFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: MarkRead, article: inout Article) in article.isRead = true }
    }
}

private struct ReaderFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Reader.self)
    }
}

/// A `NavigationLink(pushing:)` tapped: SwiftUI appends the link's id to the path it holds and
/// writes it through `$store.stack(\.path)`, which is `stackIDs` and `setStackIDs` here.
@Suite struct StackLinkTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor private func reader(
        _ start: Reader = Reader(), reporter: IssueReporter = .failingTest()
    )
        -> (Store<Reader>, ScopedStore<Reader>)
    {
        let store = Store(
            initialState: start, features: [ReaderFeature().at(\.self), ArticleFeature().forEach(\.path)],
            issueReporter: reporter)
        return (store, store.scope(\.self))
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a link's id written to the path pushes its state, and the path reads back the link's id")
    @MainActor func linkPushes() {
        let (store, scope) = reader()
        let link = StackElementID(pushing: Article(title: "Redux"))
        scope.setStackIDs(scope.stackIDs(\.path) + [link], of: \.path)
        #expect(store.state.path.map(\.title) == ["Redux"])
        #expect(store.state.path.ids == [0])
        #expect(scope.stackIDs(\.path) == [link])  // what SwiftUI wrote, so its path does not change under it
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the destination of a link's id is the pushed screen's scope, which its feature reduces")
    @MainActor func linkScopesTheScreen() throws {
        let (store, scope) = reader()
        let link = StackElementID(pushing: Article(title: "Redux"))
        scope.setStackIDs([link], of: \.path)
        let screen = try #require(scope.scope(\.path, id: link))
        #expect(screen === scope.scope(\.path, id: 0))
        screen.dispatch(MarkRead())
        #expect(store.state.path[id: 0] == Article(title: "Redux", isRead: true))
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("going back from a linked screen pops it, and its link's id names nothing after")
    @MainActor func backPopsTheLinkedScreen() {
        let (store, scope) = reader()
        let first = StackElementID(pushing: Article(title: "One"))
        scope.setStackIDs([first], of: \.path)
        let second = StackElementID(pushing: Article(title: "Two"))
        scope.setStackIDs(scope.stackIDs(\.path) + [second], of: \.path)
        #expect(scope.stackIDs(\.path) == [first, second])
        scope.setStackIDs([first], of: \.path)  // Back
        #expect(store.state.path.map(\.title) == ["One"])
        #expect(scope.stackIDs(\.path) == [first])
        #expect(scope.scope(\.path, id: second) == nil)
        scope.setStackIDs([], of: \.path)
        #expect(store.state.path.isEmpty)
        #expect(scope.scope(\.path, id: first) == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a link beside screens a reducer pushed keeps them, and pushes on top")
    @MainActor func linkOverPushedScreens() {
        var start = Reader()
        start.path.append(Article(title: "Pushed by a reducer"))
        let (store, scope) = reader(start)
        let link = StackElementID(pushing: Article(title: "Linked"))
        scope.setStackIDs(scope.stackIDs(\.path) + [link], of: \.path)
        #expect(store.state.path.map(\.title) == ["Pushed by a reducer", "Linked"])
        #expect(scope.stackIDs(\.path) == [0, link])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a link to a stack of several kinds of screens pushes the enum's case")
    @MainActor func linkPushesACase() {
        let (store, scope) = reader()
        scope.setStackIDs([StackElementID(pushing: Screen.about)], of: \.screens)
        #expect(store.state.screens.map { $0 } == [.about])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a link whose state is not the stack's element type pushes nothing and says what to push")
    @MainActor func wrongTypeIsMisuse() {
        let issues = IssueCollector()
        let (store, scope) = reader(reporter: issues.reporter)
        scope.setStackIDs([StackElementID(pushing: "not an article")], of: \.path)
        #expect(store.state.path.isEmpty)
        #expect(issues.kinds == [.misuse])
        #expect(issues.issues.first?.message.contains("pushed a String onto") == true)
        #expect(issues.issues.first?.message.contains("push the stack's element type, Article") == true)
    }

    @Test("a link's id equals only itself, and is described by what it pushes")
    func linkIdentity() {
        let link = StackElementID(pushing: Article(title: "Redux"))
        let other = StackElementID(pushing: Article(title: "Redux"))
        #expect(link == link)
        #expect(link != other)
        #expect(link != StackElementID(rawValue: -1))
        #expect(Set([link, other, link]).count == 2)
        #expect(link.description.hasPrefix("#link(") && link.description.hasSuffix("Article)"))
    }
}
