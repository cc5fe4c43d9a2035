import { createServer } from 'node:http'
import type { RequestListener } from 'node:http'
import { serveOverIpc } from '../lib/serve-over-ipc'

/** The memory route every streaming server answers beside its stream. */
export const memoryPath = '/memory'

/**
 * Child-process side of a streaming server: serves the listener on 127.0.0.1 over IPC (see serve-over-ipc.ts),
 * and also on the Unix socket `STREAM_SOCKET` names, where the slow clients connect: a Unix socket's kernel
 * buffer is fixed (about 200 KB), where loopback TCP grows a stalled connection's send buffer to 4 MB, which
 * 1,000 of them would take from every other process on the machine. Both answer GET /memory with
 * `process.memoryUsage()` after a full garbage collection (the process runs with `--expose-gc`).
 * @example
 * serveStreams(toNodeListener(createApp().use(router)))
 */
export function serveStreams(listener: RequestListener): void {
  const gc = (globalThis as { gc?: () => void }).gc
  const withMemory: RequestListener = (request, response) => {
    if (request.url !== memoryPath) return listener(request, response)
    gc?.()
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(process.memoryUsage()))
  }
  serveOverIpc(withMemory)
  const socketPath = process.env.STREAM_SOCKET
  if (!socketPath) return
  const server = createServer(withMemory).listen({ path: socketPath, backlog: 2048 })
  process.on('disconnect', () => server.close())
}
