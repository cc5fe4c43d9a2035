/** The part of Node's socket the scheme is read from; unenv's stand-in carries `__unenv__`. */
type SocketLike = { encrypted?: boolean } | null | undefined

/**
 * How a Node request reached the server, `'http:'` or `'https:'`, from its
 * own socket (never a proxy's header); `undefined` for a stand-in socket
 * (Nitro 2's in-process fetch, Nitro 2 on Workers), which always says http.
 * @example
 * nodeSocketScheme(event.node.req.socket) // 'http:'
 */
export function nodeSocketScheme(socket: SocketLike): 'http:' | 'https:' | undefined {
  return !socket || '__unenv__' in socket ? undefined : socket.encrypted ? 'https:' : 'http:'
}
