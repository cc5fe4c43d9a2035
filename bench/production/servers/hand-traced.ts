// Child-process entry: the plain action with the six spans the module's tracing makes, made by hand with the same
// OpenTelemetry SDK and its AsyncLocalStorage context (the request's span with its attributes, continuing
// `traceparent`; parse and validate; the middleware's and the handler's, each the active context while its code
// runs; respond): what the SDK itself charges for those spans, the floor the action's own tracing code is read against.
import { context, propagation, SpanKind, trace } from '@opentelemetry/api'
import type { Context, TextMapGetter } from '@opentelemetry/api'
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node'
import { getRequestHeader, getResponseStatus } from 'h3'
import type { H3Event } from 'h3'
import { serveTodoAction, todoPath } from '../fixture'

const dropping: SpanExporter = {
  export: (_spans: ReadableSpan[], done) => done({ code: 0 }),
  shutdown: () => Promise.resolve(),
}
new NodeTracerProvider({ spanProcessors: [new BatchSpanProcessor(dropping)] }).register()
const tracer = trace.getTracer('by-hand')
const headers: TextMapGetter<H3Event> = { keys: () => [], get: (event, key) => getRequestHeader(event, key) }
// the context each part's children start in, kept on the request
type Traced = { actionContext?: Context, middlewareContext?: Context }

serveTodoAction({
  around: {
    async action(event, run) {
      const parent = propagation.extract(context.active(), event, headers)
      const span = tracer.startSpan(`POST ${todoPath}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST', 'http.route': todoPath, 'url.path': todoPath } }, parent)
      const actionContext = (event.context as Traced).actionContext = trace.setSpan(parent, span)
      tracer.startSpan('parse', undefined, actionContext).end()
      tracer.startSpan('validate', undefined, actionContext).end()
      const answer = await run()
      tracer.startSpan('respond', undefined, actionContext).end()
      span.setAttribute('http.response.status_code', getResponseStatus(event))
      span.end()
      return answer
    },
    middleware(event, run) {
      const parent = (event.context as Traced).actionContext!
      const span = tracer.startSpan('middleware withUser', undefined, parent)
      const inside = (event.context as Traced).middlewareContext = trace.setSpan(parent, span)
      return context.with(inside, run).finally(() => span.end())
    },
    handler(event, run) {
      const parent = (event.context as Traced).middlewareContext!
      const span = tracer.startSpan('handler', undefined, parent)
      try {
        return context.with(trace.setSpan(parent, span), run)
      }
      finally {
        span.end()
      }
    },
  },
})
