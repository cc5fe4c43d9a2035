import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, toNodeListener } from 'h3'
import { serverSubjects } from './servers/index'

/**
 * Child-process entry (bundled by bundle-servers.ts): serves one subject's
 * router on 127.0.0.1 and sends its port to the parent over IPC.
 */
const subject = serverSubjects.find(candidate => candidate.name === process.argv[2])
if (!subject) throw new Error(`unknown server ${process.argv[2]}`)

const app = createApp().use(subject.createRouter())
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
