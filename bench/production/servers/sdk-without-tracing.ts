// Child-process entry: the OpenTelemetry SDK for Node registered as tracing-sdk.ts registers it, and the module's
// tracing off: what an app with its own instrumentation pays before the action's spans.
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node'
import { serveTodoAction } from '../fixture'

const dropping: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
}
new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] }).register()
serveTodoAction()
