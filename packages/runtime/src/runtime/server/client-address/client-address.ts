// Reads an event of either h3 major through its public fields (h3 v1: `event.node`, `event.context`; h3 v2:
// `event.req`, `event.res`), so rateLimit and idempotent are one middleware for both entries and import no h3.

/* eslint-disable @typescript-eslint/no-explicit-any -- an event of either major */
type AnyEvent = any

function isWebEvent(event: AnyEvent): boolean {
  return typeof event?.req?.headers?.get === 'function'
}

/**
 * One request header by its lower-case name, repeated ones joined with `, `.
 * @example
 * requestHeader(event, 'x-forwarded-for') // '203.0.113.7, 10.0.0.2'
 */
export function requestHeader(event: AnyEvent, name: string): string | undefined {
  if (isWebEvent(event)) return event.req.headers.get(name) ?? undefined
  const value = event.node?.req?.headers?.[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * Adds one member to a response header that is a list (`RateLimit`, `RateLimit-Policy`), or sets it.
 * @example
 * appendResponseHeader(event, 'RateLimit', '"default";r=4;t=60')
 */
export function appendResponseHeader(event: AnyEvent, name: string, value: string): void {
  if (isWebEvent(event)) {
    const headers: Headers = event.res.headers
    const current = headers.get(name)
    headers.set(name, current ? `${current}, ${value}` : value)
    return
  }
  const res = event.node.res
  const current = res.getHeader(name)
  res.setHeader(name, current ? `${current}, ${value}` : value)
}

/**
 * Sets a response header, over any value it had.
 * @example
 * setResponseHeader(event, 'Retry-After', '17')
 */
export function setResponseHeader(event: AnyEvent, name: string, value: string): void {
  if (isWebEvent(event)) event.res.headers.set(name, value)
  else event.node.res.setHeader(name, value)
}

/** `::ffff:203.0.113.7` (an IPv4 client of a dual-stack socket) is `203.0.113.7`. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

/**
 * The client's address. With no proxy trusted (`trustProxy` 0), the address of
 * the peer that opened the connection: `event.context.clientAddress` (set by
 * some presets, and for an in-process request by the caller-address plugin),
 * else h3 v2's `event.req.ip` or h3 v1's socket's. With
 * `trustProxy` n, the address the n-th proxy from the server saw, read from
 * `X-Forwarded-For` from its right end: entries left of it are whatever the
 * client wrote, so they are never read. On Nitro 2's Workers build, which gives
 * no connection address, `cf-connecting-ip` (as Nitro 3's preset does).
 * @example
 * clientAddress(event, 1) // behind one proxy: the last X-Forwarded-For entry
 */
export function clientAddress(event: AnyEvent, trustProxy: number): string | undefined {
  if (trustProxy > 0) {
    const forwarded = requestHeader(event, 'x-forwarded-for')?.split(',').map(entry => entry.trim()).filter(Boolean) ?? []
    const address = forwarded[Math.max(0, forwarded.length - trustProxy)]
    if (address) return plainAddress(address)
  }
  // `context.clientAddress`: set by some presets, and by the caller-address plugin for an in-process request
  const socket = event.context?.clientAddress || (isWebEvent(event) ? event.req.ip : event.node?.req?.socket?.remoteAddress)
  if (typeof socket === 'string' && socket) return plainAddress(socket)
  return workersAddress(event)
}

/**
 * On Nitro 2's Cloudflare entry, which gives a request no address: the
 * `cf-connecting-ip` Cloudflare's edge writes, as Nitro 3's preset already
 * takes it for the request's `ip`. Only there: the entry puts the platform's
 * request on `event.context.cloudflare`, which no client can set, so elsewhere
 * a client-sent `cf-connecting-ip` is never read.
 */
function workersAddress(event: AnyEvent): string | undefined {
  const request = event.context?.cloudflare?.request
  if (typeof request?.headers?.get !== 'function') return undefined
  const address = (request.headers.get('cf-connecting-ip') as string | null)?.trim()
  return address ? plainAddress(address) : undefined
}
