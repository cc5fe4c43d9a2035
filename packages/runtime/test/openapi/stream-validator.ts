import Ajv2020 from 'ajv/dist/2020'
import type { OpenApiDocument } from '../../src/runtime/openapi/types'

/** One server-sent event as a client reads it: its name (`message` without an `event:` field) and its data parsed. */
export interface ReadEvent {
  event: string
  data: unknown
}

/**
 * The events of a `text/event-stream` body, heartbeats (`:` lines) left out.
 * @example
 * readEventStream('data: {"a":1}\n\nevent: end\ndata: {"success":true,"data":null}\n\n')
 * // [{ event: 'message', data: { a: 1 } }, { event: 'end', data: { success: true, data: null } }]
 */
export function readEventStream(text: string): ReadEvent[] {
  return text.split('\n\n').filter(block => block && !block.startsWith(':')).map((block) => {
    const lines = block.split('\n')
    const event = lines.find(line => line.startsWith('event: '))?.slice('event: '.length) ?? 'message'
    const data = lines.filter(line => line.startsWith('data: ')).map(line => line.slice('data: '.length)).join('\n')
    return { event, data: JSON.parse(data) }
  })
}

/**
 * Checks a streaming answer's events against the document: each `message`
 * event's data against `x-action-route-stream.event`, the `end` event's
 * against `x-action-route-stream.end`, of the operation's success status.
 * @example
 * const check = streamValidator(document)
 * expect(check('/api/reply', 'post', 200, readEventStream(await response.text()))).toEqual([])
 */
export function streamValidator(document: OpenApiDocument): (path: string, method: string, status: number, events: readonly ReadEvent[]) => string[] {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, allErrors: true })
  ajv.addSchema(document, 'document')
  return (path, method, status, events) => events.flatMap(({ event, data }, index) => {
    const part = event === 'end' ? 'end' : 'event'
    const pointer = ['paths', path, method, 'responses', String(status), 'content', 'text/event-stream', 'x-action-route-stream', part]
      .map(token => encodeURIComponent(token.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')
    const validate = ajv.getSchema(`document#/${pointer}`)
    if (!validate) return [`no schema at ${pointer}`]
    return validate(data) ? [] : (validate.errors ?? []).map(error => `event ${index} (${event}) ${error.instancePath} ${error.message}`)
  })
}
