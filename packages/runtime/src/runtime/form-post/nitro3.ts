// Nitro 3 (Nuxt 5) server middleware: forms posted to a page without JavaScript (handle-form-post.ts).
// A plain h3 v2 handler on web standards that imports no h3; Nitro's `serverFetch` calls the action in-process.
/* eslint-disable @typescript-eslint/triple-slash-reference -- ambient module declarations, nothing to import at run time */
/// <reference path="../server/plugins/nitro-runtime-config.d.ts" />
/// <reference path="./nitro-app.d.ts" />
/* eslint-enable @typescript-eslint/triple-slash-reference */
import { useRuntimeConfig } from 'nitro/runtime-config'
import { serverFetch } from 'nitro/app'
import { joinURL } from 'ufo'
import { actionDefaults } from '../server/body/action-defaults'
import { clientAddress } from '../server/client-address/client-address'
import { FORM_CONTEXT_KEY } from '../app/forms/form-post'
import { handleFormPost, mayConcernForms, refusalBody } from './handle-form-post'

interface H3v2Event {
  req: Request
  url: URL
  res: { status?: number, headers: Headers }
  context: Record<string, unknown>
}

export default async (event: H3v2Event) => {
  if (!mayConcernForms(event.req.method, event.url.search, event.req.headers.get('cookie'))) return
  const base = (useRuntimeConfig() as { app?: { baseURL?: string } }).app?.baseURL ?? '/'
  // the scheme is the request URL's, as the action lifecycle reads it: srvx's from the connection on Node, the platform's elsewhere
  const outcome = await handleFormPost(
    { method: event.req.method, url: event.url, headers: event.req.headers, readBody: async () => new Uint8Array(await event.req.arrayBuffer()), clientAddress: clientAddress(event, 0), scheme: event.url.protocol },
    (path, init) => serverFetch(joinURL(base, path), init as RequestInit, event.context),
    actionDefaults,
  )
  if (outcome.kind === 'pass') return
  if (outcome.kind === 'refuse') return new Response(refusalBody(outcome), { status: outcome.status, headers: { 'content-type': 'application/json' } })
  if (outcome.kind === 'redirect') {
    const headers = new Headers({ location: outcome.location })
    for (const cookie of outcome.setCookies) headers.append('set-cookie', cookie)
    return new Response(null, { status: 303, headers })
  }
  for (const cookie of outcome.setCookies) event.res.headers.append('set-cookie', cookie)
  if (outcome.status) event.res.status = outcome.status
  event.context[FORM_CONTEXT_KEY] = outcome.state
}
