// Nitro plugin (Nitro 2 and 3: it imports nothing of either), added only when the module's `tracing` is on: each
// action's request becomes OpenTelemetry spans of the app's tracer provider (docs/production.md, Tracing).
// Requests that reach no action never meet it; a build without `tracing` holds none of this code.
import { setLifecycleTracer } from '../tracing/lifecycle-trace'
import { createOtelTracer } from '../tracing/otel-trace'
import { withTracingChannel } from '../tracing/channel-trace'

export default function traceActions() {
  // the `action-route.action` diagnostics channel too, for an APM that listens there (Node, and workerd's nodejs_compat)
  setLifecycleTracer(withTracingChannel(createOtelTracer()))
}
