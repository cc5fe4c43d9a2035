// Nitro 2 (Nuxt 3 and 4) server middleware: forms posted to a page without JavaScript (handle-form-post.ts).
import { appendResponseHeader, defineEventHandler, getRequestHeader, getRequestURL, readRawBody, sendRedirect, setResponseHeader, setResponseStatus } from 'h3'
import { actionDefaults } from '../server/body/action-defaults'
import { clientAddress } from '../server/client-address/client-address'
import { nodeSocketScheme } from '../server/adapters/node-socket-scheme'
import { FORM_CONTEXT_KEY } from '../app/forms/form-post'
import type { LocalFetch } from './handle-form-post'
import { handleFormPost, mayConcernForms, refusalBody } from './handle-form-post'

/** Nitro 2's in-app `$fetch`: under the app's base URL, handled in-process, passing `context` to the action's event. */
interface NitroLocalFetch {
  raw: (path: string, options: Record<string, unknown>) => Promise<{ status: number, headers: Headers, _data?: unknown }>
}

export default defineEventHandler(async (event) => {
  if (!mayConcernForms(event.method, event.path, getRequestHeader(event, 'cookie'))) return
  const fetchLocal: LocalFetch = async (path, init) => {
    const local = (globalThis as unknown as { $fetch: NitroLocalFetch }).$fetch
    const answer = await local.raw(path, { ...init, context: event.context, responseType: 'text', ignoreResponseError: true, retry: 0 })
    return new Response(typeof answer._data === 'string' ? answer._data : null, { status: answer.status, headers: answer.headers })
  }
  const outcome = await handleFormPost(
    { method: event.method, url: getRequestURL(event), headers: event.headers, readBody: async () => await readRawBody(event, false) ?? new Uint8Array(), clientAddress: clientAddress(event, 0), scheme: nodeSocketScheme(event.node?.req?.socket) },
    fetchLocal,
    actionDefaults,
  )
  if (outcome.kind === 'pass') return
  if (outcome.kind === 'refuse') {
    setResponseStatus(event, outcome.status)
    setResponseHeader(event, 'content-type', 'application/json')
    return refusalBody(outcome)
  }
  for (const cookie of outcome.setCookies) appendResponseHeader(event, 'set-cookie', cookie)
  if (outcome.kind === 'redirect') return sendRedirect(event, outcome.location, 303)
  if (outcome.status) setResponseStatus(event, outcome.status)
  event.context[FORM_CONTEXT_KEY] = outcome.state
})
