// Child-process entry: the module's tracing plugin on, with the OpenTelemetry SDK for Node registered as an app
// registers it (its AsyncLocalStorage context, a batch span processor); the exporter drops what it is given, so
// every span is made, ended and batched, and nothing is sent.
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node'
import traceActions from '../../../packages/runtime/src/runtime/server/plugins/tracing'
import { serveTodoAction } from '../fixture'

const dropping: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
}
new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] }).register()
traceActions()
serveTodoAction()
