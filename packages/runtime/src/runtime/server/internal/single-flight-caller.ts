/** The header that carries the caller's address to a single-flight GET inside a Nitro 2 app: `<token> <address>`. */
export const CALLER_HEADER = 'x-action-refresh-caller'

let token: string | undefined
// made on first use: Workers refuse random values in a module's global scope
const processToken = () => token ??= crypto.randomUUID()

/**
 * The value of `x-action-refresh-caller` for an in-process GET on behalf of
 * a caller at `address`: this process's random token, so that no client can
 * claim an address with the header.
 * @example
 * headers[CALLER_HEADER] = callerAddressHeader('203.0.113.7')
 */
export function callerAddressHeader(address: string): string {
  return `${processToken()} ${address}`
}

/**
 * Nitro 2's in-process requests have a socket with no address, so `getRequestIP(event)`
 * is `undefined` there. On a request carrying this process's token, gives that socket the
 * caller's address (X-Forwarded-For already passes as the caller sent it), and removes the
 * header in every case, so handlers never see it.
 * @example
 * nitroApp.hooks.hook('request', event => takeCallerAddress(event.node.req))
 */
export function takeCallerAddress(request: { headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } | null }): void {
  const header = request.headers[CALLER_HEADER]
  if (header === undefined) return
  Reflect.deleteProperty(request.headers, CALLER_HEADER)
  if (typeof header !== 'string' || token === undefined) return
  const [given, address] = header.split(' ')
  const socket = request.socket
  if (given === token && address && socket && !socket.remoteAddress) socket.remoteAddress = address
}
