// The tests record what their doubles were called with in the recorder ReduxTesting ships.
@_exported import class ReduxTesting.Recorder
