// The facade: what the CLI, the plugin and the benchmarks import. It re-exports the
// floors' public API, so `import LinzaKit` is all a client writes.
@_exported import LinzaBase
@_exported import LinzaConfiguration
@_exported import LinzaLint
@_exported import LinzaReporting
@_exported import LinzaRules
@_exported import LinzaSetup
@_exported import LinzaSources
@_exported import LinzaTables
@_exported import LinzaWriting
