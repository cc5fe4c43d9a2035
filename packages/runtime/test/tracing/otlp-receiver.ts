import { createServer } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

/** One span as an OTLP/HTTP JSON export carries it, with its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  /** Nanoseconds since the epoch, as a string (64 bits do not fit a JSON number). */
  startTimeUnixNano: string
  /** When it ended, in the same unit. */
  endTimeUnixNano: string
  attributes: Record<string, string | number | boolean>
  events: { name: string, attributes: Record<string, string | number | boolean> }[]
  status: { code?: number, message?: string }
  /** The instrumentation scope that made it (`@action-route/runtime`, `@opentelemetry/instrumentation-http`). */
  scope: string
}

/** A collector's OTLP/HTTP traces endpoint on 127.0.0.1, keeping every span it is sent. */
export interface OtlpReceiver {
  /** The endpoint to export to: `http://127.0.0.1:<port>/v1/traces`. */
  endpoint: string
  spans: ReceivedSpan[]
  /** Every raw request body, to search for what must never be exported. */
  bodies: string[]
  close: () => Promise<void>
}

interface OtlpValue { stringValue?: string, intValue?: string | number, boolValue?: boolean, doubleValue?: number }
interface OtlpAttribute { key: string, value: OtlpValue }

function flatten(attributes: OtlpAttribute[] = []): Record<string, string | number | boolean> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key,
    value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.boolValue ?? value.doubleValue ?? '']))
}

/**
 * Starts a receiver for OTLP/HTTP JSON trace exports (what `@opentelemetry/exporter-trace-otlp-http` sends).
 * @example
 * const receiver = await startOtlpReceiver()
 * // start the app with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=receiver.endpoint, then read receiver.spans
 * const known = await startOtlpReceiver(4318) // on a port chosen before the app was built
 */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const bodies: string[] = []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    bodies.push(body)
    const exported = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { scope?: { name?: string }, spans?: (Omit<ReceivedSpan, 'attributes' | 'events' | 'scope'> & { attributes?: OtlpAttribute[], events?: { name: string, attributes?: OtlpAttribute[] }[] })[] }[] }[] }
    for (const resource of exported.resourceSpans ?? []) {
      for (const scoped of resource.scopeSpans ?? []) {
        for (const span of scoped.spans ?? []) {
          spans.push({
            ...span,
            parentSpanId: span.parentSpanId || undefined,
            attributes: flatten(span.attributes),
            events: (span.events ?? []).map(event => ({ name: event.name, attributes: flatten(event.attributes) })),
            status: span.status ?? {},
            scope: scoped.scope?.name ?? '',
          })
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  server.listen(port, '127.0.0.1')
  await once(server, 'listening')
  const { port: listening } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${listening}/v1/traces`,
    spans,
    bodies,
    close: async () => {
      server.close()
      server.closeAllConnections()
      await once(server, 'close')
    },
  }
}
