/** Node's socket (a TLS one has `encrypted: true`); unenv's stand-in carries `__unenv__`. */
type SocketLike = object | null | undefined

/**
 * How a Node request reached the server, `'http:'` or `'https:'`, from its
 * own socket (never a proxy's header); `undefined` for a stand-in socket
 * (Nitro 2's in-process fetch, Nitro 2 on Workers), which always says http.
 * @example
 * nodeSocketScheme(event.node.req.socket) // 'http:'
 */
export function nodeSocketScheme(socket: SocketLike): 'http:' | 'https:' | undefined {
  if (!socket || '__unenv__' in socket) return undefined
  return 'encrypted' in socket && socket.encrypted === true ? 'https:' : 'http:'
}
