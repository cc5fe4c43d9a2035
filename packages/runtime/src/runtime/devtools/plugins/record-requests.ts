// Dev-only Nitro plugin: records every request to an action. Added by the module only when nuxt.options.dev.
import type { H3Event } from 'h3'
import { getQuery, getRequestURL, getResponseStatus } from 'h3'
import { options, routes } from '#action-route/devtools-routes'
import { actionDefaults } from '../../server/internal/action-defaults'
import { captureInput } from '../internal/capture-input'
import { actionDescriptorOf, findRouteEntry, routeId } from '../registry'
import { recorder } from '../recorder-instance'
import type { RecordDraft } from '../recorder'

/** The part of the Nitro app this plugin uses. */
interface NitroAppLike {
  hooks: {
    hook(name: 'request', run: (event: H3Event) => Promise<void> | void): void
    hook(name: 'beforeResponse', run: (event: H3Event, response: { body?: unknown }) => Promise<void> | void): void
  }
}

type Pending = Omit<RecordDraft, 'status' | 'envelope' | 'durationMs'> & { started: number }
const PENDING = Symbol.for('action-route.devtools.pending')
type EventWithPending = H3Event & { [PENDING]?: Pending }

export default function recordActionRequests(nitroApp: NitroAppLike) {
  nitroApp.hooks.hook('request', async (event) => {
    const url = getRequestURL(event)
    if (url.pathname.startsWith(options.base)) return
    const match = findRouteEntry(routes, event.method, url.pathname)
    if (!match) return
    const descriptor = actionDescriptorOf(await match.entry.load().catch(() => undefined))
    if (!descriptor) return
    const started = performance.now()
    const captured = await captureInput(event, {
      maxBodySize: descriptor.maxBodySize ?? actionDefaults.maxBodySize,
      maxFormFields: descriptor.maxFormFields ?? actionDefaults.maxFormFields,
      maxFormFiles: descriptor.maxFormFiles ?? actionDefaults.maxFormFiles,
    })
      .catch((): Awaited<ReturnType<typeof captureInput>> => ({ input: null, inputNote: 'body could not be read' }))
    ;(event as EventWithPending)[PENDING] = {
      started,
      time: Date.now(),
      method: event.method,
      url: url.pathname + url.search,
      path: url.pathname,
      route: match.entry.route,
      routeId: routeId(match.entry),
      params: match.params,
      query: getQuery(event),
      headers: { ...event.node.req.headers },
      ...captured,
    }
  })

  nitroApp.hooks.hook('beforeResponse', (event, response) => {
    const pending = (event as EventWithPending)[PENDING]
    if (!pending) return
    ;(event as EventWithPending)[PENDING] = undefined
    const { started, ...draft } = pending
    recorder.add({ ...draft, status: getResponseStatus(event), envelope: parseEnvelope(response.body), durationMs: Math.round((performance.now() - started) * 100) / 100 })
  })
}

function parseEnvelope(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? null
  try {
    return JSON.parse(body)
  }
  catch {
    return null
  }
}
