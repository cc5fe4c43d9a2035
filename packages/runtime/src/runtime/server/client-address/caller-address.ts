// An in-process request (an action a page calls during SSR, a single-flight GET) has no connection address of its
// own: Nitro 2's in-process socket has none, Nitro 3's Request no `ip`. Its caller names the address of the request
// it acts for in one header, with a random token of this process, and the caller-address plugin takes the header off
// every request and applies it. A client does not know the token, so it can never claim an address this way.

/** The header that carries the caller's address to an in-process request: `<token> <address>`. */
export const CALLER_HEADER = 'x-action-route-caller'

// one token for the whole process: the app's SSR bundle and Nitro's server bundle may each hold a copy of this module
const TOKEN = Symbol.for('action-route.caller-token')
const holder = globalThis as { [TOKEN]?: string }

// made on first use: Workers refuse random values in a module's global scope
const processToken = () => holder[TOKEN] ??= crypto.randomUUID()

/**
 * The value of `x-action-route-caller` for an in-process request on behalf
 * of a caller at `address`: this process's random token, so that no client
 * can claim an address with the header.
 * @example
 * headers[CALLER_HEADER] = callerAddressHeader('203.0.113.7')
 */
export function callerAddressHeader(address: string): string {
  return `${processToken()} ${address}`
}

/** The address a header names, when it carries this process's token; none was made before the first call. */
function claimedAddress(header: unknown): string | undefined {
  const token = holder[TOKEN]
  if (typeof header !== 'string' || token === undefined) return undefined
  const [given, address, ...rest] = header.split(' ')
  return given === token && address && rest.length === 0 ? address : undefined
}

/**
 * h3 v1 (Nitro 2): on a request carrying this process's token, gives its
 * socket the caller's address where it has none (an in-process request), as
 * `getRequestIP(event)` reads it, and removes the header in every case, so
 * handlers never see it. X-Forwarded-For already passes as the caller sent it.
 * @example
 * nitroApp.hooks.hook('request', event => takeCallerAddress(event.node.req))
 */
export function takeCallerAddress(request: { headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } | null }): void {
  const header = request.headers[CALLER_HEADER]
  if (header === undefined) return
  Reflect.deleteProperty(request.headers, CALLER_HEADER)
  const address = claimedAddress(header)
  const socket = request.socket
  if (address && socket && !socket.remoteAddress) socket.remoteAddress = address
}

/**
 * h3 v2 (Nitro 3): on a request carrying this process's token, sets
 * `event.context.clientAddress` (what h3's `getRequestIP` reads first: the
 * Request's own `ip` may be read-only) where the request has no address of
 * its own, and removes the header in every case, so handlers never see it.
 * @example
 * nitroApp.hooks.hook('request', event => takeWebCallerAddress(event))
 */
export function takeWebCallerAddress(event: { req: { headers: Headers, ip?: string }, context: { clientAddress?: unknown } }): void {
  const header = event.req.headers.get(CALLER_HEADER)
  if (header === null) return
  event.req.headers.delete(CALLER_HEADER)
  const address = claimedAddress(header)
  if (address && !event.req.ip && !event.context.clientAddress) event.context.clientAddress = address
}
