// MultiRedux: the umbrella module. `import MultiRedux` gives the whole framework.
@_exported import ReduxCore
@_exported import ReduxFeatures
@_exported import ReduxReducers
@_exported import ReduxStore
