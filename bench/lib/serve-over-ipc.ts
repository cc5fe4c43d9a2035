import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, toNodeListener } from 'h3'
import type { Router } from 'h3'

/**
 * Child-process side of a measured server (see http/start-server.ts): serves
 * the router on 127.0.0.1, sends its port to the parent over IPC and answers
 * the parent's requests for the CPU time used so far.
 * @example
 * serveOverIpc(createRouter().post('/x', handler))
 */
export function serveOverIpc(router: Router): void {
  const app = createApp().use(router)
  const server = createServer(toNodeListener(app))
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port })
  })
  // the parent asks for the CPU time this process has used, before and after each load
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'cpu') {
      const { user, system } = process.cpuUsage()
      process.send!({ type: 'cpu', micros: user + system })
    }
  })
  // the parent's disconnect lets a profiled server write its profile on a clean exit
  process.on('disconnect', () => server.close(() => process.exit(0)))
}
