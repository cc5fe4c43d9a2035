// Dev-only Nitro 3 plugin (Nuxt 5): records every request to an action. Added by the module only when
// nuxt.options.dev; it imports no h3, so Nuxt 5 runs it natively. The body is read from a clone of the
// web Request, so the action still reads the whole body (a Content-Length body is never left half-read).
import { isEventStream, startActionRecord } from '../internal/start-action-record'
import type { PendingActionRecord } from '../internal/start-action-record'

/** The part of an h3 v2 event this plugin reads. */
interface EventLike {
  req: Request
  url: URL
  context: object
}

/** The part of the Nitro 3 app this plugin uses. */
interface NitroAppLike {
  hooks: {
    hook(name: 'request', run: (event: EventLike) => Promise<void> | void): void
    hook(name: 'response', run: (response: Response, event: EventLike) => Promise<void> | void): void
  }
}

const pending = new WeakMap<EventLike, PendingActionRecord>()

export default function recordActionRequests(nitroApp: NitroAppLike) {
  nitroApp.hooks.hook('request', async (event) => {
    const record = await startActionRecord({
      method: event.req.method,
      url: event.url,
      headers: event.req.headers,
      context: event.context,
      readBody: async () => new Uint8Array(await event.req.clone().arrayBuffer()),
    })
    if (record) pending.set(event, record)
  })

  nitroApp.hooks.hook('response', async (response, event) => {
    const record = pending.get(event)
    if (!record) return
    pending.delete(event)
    // a streamed answer is never read here (a copy would hold every event the client has not read yet): the
    // action's trace gives its events as they are written
    if (isEventStream(response.headers.get('content-type'))) return record.startStream(response.status)
    // actions answer a JSON envelope; a copy of it is read, the response itself leaves untouched
    const body = response.body ? await response.clone().text().catch(() => null) : null
    record.finish(response.status, body)
  })
}
