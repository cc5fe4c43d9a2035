// An app's OpenTelemetry SDK as production loads it, before the server (`node --import ./otel-setup.mjs
// .output/server/index.mjs`): Node's HTTP server instrumented, every span exported over OTLP/HTTP (JSON) as it
// ends to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, the receiver test/tracing/otlp-spans.test.ts starts on 127.0.0.1.
import { register } from 'node:module'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node'

// the instrumentations' hook for ES modules (Nitro's server is one)
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url)

const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter())] })
provider.register()
registerInstrumentations({ instrumentations: [new HttpInstrumentation()] })
