// XCTest is absent from some toolchains (Swift Testing only), and from the Apple-SDK check.
#if canImport(XCTest)
    import MultiRedux
    import ReduxTesting
    import XCTest

    /// The helpers under XCTest: failures go through `XCTFail`, which this case intercepts where a
    /// test wants to see them.
    final class XCTestSupportTests: XCTestCase {
        private var intercepted: [(description: String, line: Int)] = []
        private var isIntercepting = false

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard isIntercepting else {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
                return
            }
            intercepted.append((description, lineNumber))
        }

        func testHelpersPassUnderXCTest() async {
            let routes = ReducerRoutes(initialState: AppState(), features: allFeatures())
            routes.assertReducers(
                handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
            assertReduce(IncrementReducer(), action: Increment(), on: CounterState()) {
                $0.count = 1
                $0.history = [1]
            }
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(LoadProfile(id: 9)) { $0.user.isLoading = true }
            await store.receive(UserState.self) { $0.user = UserState(name: "User 9", bio: "Profile 9") }
            await store.finish()
            await assertReduce(LoadBioReducer(), action: LoadBio(), on: UserState(name: "Ann")) {
                $0.bio = "Loaded bio of Ann"
            }
        }

        func testFailuresReachXCTFailAtTheAssertionLine() async {
            isIntercepting = true
            let reducerLine = #line + 1
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState())
            let store = TestStore(initialState: AppState(), features: allFeatures())
            let sendLine = #line + 1
            await store.send(SetTheme(theme: .dark))
            isIntercepting = false

            XCTAssertEqual(intercepted.map(\.line), [reducerLine, sendLine])
            XCTAssertTrue(intercepted.first?.description.contains(#"name: "" → "Ann""#) == true)
            XCTAssertTrue(intercepted.last?.description.contains("theme.theme: .light → .dark") == true)
        }
    }
#endif
