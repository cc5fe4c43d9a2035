// A port on 127.0.0.1 that nothing listens on, for the scripts that start a server (compat, Nitro 3, soak).
import { once } from 'node:events'
import { createServer } from 'node:net'

/**
 * Asks the system for a free port on 127.0.0.1 and gives it back at once.
 * @example
 * const port = await freePort()
 */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address()
  server.close()
  await once(server, 'close')
  return port
}
