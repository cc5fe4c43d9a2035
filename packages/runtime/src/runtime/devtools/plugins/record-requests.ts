// Dev-only Nitro 2 plugin (Nuxt 3 and 4): records every request to an action. Added by the module only when
// nuxt.options.dev; Nitro 3 (Nuxt 5) runs nitro3/record-requests.ts instead.
import type { H3Event } from 'h3'
import { getRequestURL, getResponseHeader, getResponseStatus, readRawBody } from 'h3'
import { isEventStream, startActionRecord } from '../internal/start-action-record'
import type { PendingActionRecord } from '../internal/start-action-record'

/** The part of the Nitro app this plugin uses. */
interface NitroAppLike {
  hooks: {
    hook(name: 'request', run: (event: H3Event) => Promise<void> | void): void
    hook(name: 'beforeResponse', run: (event: H3Event, response: { body?: unknown }) => Promise<void> | void): void
  }
}

const pending = new WeakMap<H3Event, PendingActionRecord>()

export default function recordActionRequests(nitroApp: NitroAppLike) {
  nitroApp.hooks.hook('request', async (event) => {
    const record = await startActionRecord({
      method: event.method,
      url: getRequestURL(event),
      headers: event.headers,
      context: event.context,
      // h3 v1 caches the raw body on the request, so the action reads the same bytes
      readBody: async () => await readRawBody(event, false) ?? undefined,
    })
    if (!record) return
    pending.set(event, record)
    // An answer sent from Nitro's error handler (Nuxt's "Page not found" 404 in an app with pages, an error
    // thrown before a handler answered) runs neither beforeResponse nor afterResponse: it is finished when the
    // response ends, with its status and no body. A record finished already ignores this.
    event.node.res.once('finish', () => {
      pending.get(event)?.finish(event.node.res.statusCode, null)
      pending.delete(event)
    })
  })

  nitroApp.hooks.hook('beforeResponse', (event, response) => {
    const record = pending.get(event)
    pending.delete(event)
    // a streamed answer's body is never read here: the action's trace gives its events as they are written
    if (isEventStream(getResponseHeader(event, 'content-type')) || isStreamBody(response.body)) record?.startStream(getResponseStatus(event))
    else record?.finish(getResponseStatus(event), response.body)
  })
}

/** A body h3 pipes to the client (a web or Node stream): an action answers one only when it streams. */
function isStreamBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body instanceof ReadableStream || typeof (body as { pipe?: unknown }).pipe === 'function')
}
