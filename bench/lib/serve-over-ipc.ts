import { createServer } from 'node:http'
import type { RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Child-process side of a measured server (see start-server.ts): serves the listener on 127.0.0.1, sends
 * its port to the parent over IPC and answers the parent's requests for the CPU time used so far.
 * @example
 * serveOverIpc(toNodeListener(createApp().use(router)))
 */
export function serveOverIpc(listener: RequestListener): void {
  const server = createServer(listener)
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }))
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'cpu') return
    const { user, system } = process.cpuUsage()
    process.send!({ type: 'cpu', micros: user + system })
  })
  process.on('disconnect', () => server.close(() => process.exit(0)))
}
