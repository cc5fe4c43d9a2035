import { createActionError } from '../errors/action-error'
import type { ActionHost } from '../lifecycle/action-host'
import { isCrossOrigin } from './is-cross-origin'
import { moduleTrustedOrigins } from './trusted-origins'

/**
 * The parse step's early guard, for body methods: a request a browser marks
 * as from another origin (`isCrossOrigin`) is refused with
 * CROSS_ORIGIN_REQUEST 403 before its body is read or any middleware runs,
 * unless its `Origin` is trusted by the action or the module (or either
 * trusts `*`). A same-origin request costs one header read (two without
 * `Sec-Fetch-Site`).
 * @example
 * refuseCrossOrigin(event, h3V2Host, new Set(['https://pay.example']))
 */
export function refuseCrossOrigin<TEvent>(event: TEvent, host: ActionHost<TEvent>, trustedByAction: ReadonlySet<string>): void {
  // what `isCrossOrigin` answers false to at once, told without its reader's closure or the scheme's lookup
  const site = host.header(event, 'sec-fetch-site')
  if (site === 'same-origin' || site === 'none' || (site == null && host.header(event, 'origin') == null)) return
  const header = (name: string) => host.header(event, name)
  if (!isCrossOrigin(header, host.scheme?.(event))) return
  const trustedByModule = moduleTrustedOrigins.current
  if (trustedByAction.has('*') || trustedByModule.has('*')) return
  const origin = header('origin')
  if (origin !== undefined && (trustedByAction.has(origin) || trustedByModule.has(origin))) return
  throw createActionError({
    code: 'CROSS_ORIGIN_REQUEST',
    message: 'A page of another origin cannot call this action',
    statusCode: 403,
  })
}
