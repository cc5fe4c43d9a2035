// #region otel
// server/plugins/otel.ts: OpenTelemetry for the actions' spans (`actionRoute: { tracing: true }`), chosen when the server starts.
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) exports over OTLP/HTTP.
// PLAYGROUND_TRACING=console prints each span. With neither set, no SDK is loaded.
export default defineNitroPlugin(async (nitroApp) => {
  const otlp = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT
  if (!otlp && process.env.PLAYGROUND_TRACING !== 'console') return

  const { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider } = await import('@opentelemetry/sdk-trace-node')
  const exporter = otlp
    ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter() // reads the endpoint itself
    : new ConsoleSpanExporter()
  const provider = new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] })
  provider.register()
  // send what is still batched when the server stops
  nitroApp.hooks.hook('close', () => provider.shutdown())
})
// #endregion otel
