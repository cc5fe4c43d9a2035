import { get } from 'node:http'
import { connect } from 'node:net'
import type { Socket } from 'node:net'
import { streamPath } from './fixture'

/** One answer read to its end: its status, content type, size and (when kept) body. */
export interface ReadAnswer {
  status: number
  contentType: string
  bytes: number
  body: string
}

/**
 * GETs a path and reads the answer as fast as the connection gives it; `keep` keeps the body (else it is
 * only counted). Each request has a connection of its own, closed after, so none holds the server up when it stops.
 * @example
 * const { body } = await readAnswer(server.url, '/memory', true)
 */
export function readAnswer(url: string, path: string, keep = false): Promise<ReadAnswer> {
  return new Promise((resolve, reject) => {
    get(url + path, { agent: false }, (response) => {
      const chunks: Buffer[] = []
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (keep) chunks.push(chunk)
      })
      response.on('end', () => resolve({ status: response.statusCode!, contentType: String(response.headers['content-type']), bytes, body: Buffer.concat(chunks).toString() }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

/**
 * Reads one stream of `n` events to its end (see readAnswer).
 * @example
 * const { body } = await readStream(server.url, { n: 5, words: 1 }, true)
 */
export function readStream(url: string, query: { n: number, words: number }, keep = false): Promise<ReadAnswer> {
  return readAnswer(url, `${streamPath}?n=${query.n}&words=${query.words}`, keep)
}

/** Slow streams held open: what they have read so far, and how to end them. */
export interface SlowStreams {
  /** Bytes read so far by every client together. */
  received: () => number
  /** How many clients have read anything (their response has begun). */
  started: () => number
  close: () => void
}

/**
 * Opens `count` streams over the server's Unix socket, each a paused `node:net` socket that reads at most
 * `bytes` every `everyMs`, so the server can produce far faster than its clients take. Connects 100 at a time
 * (a listen backlog refuses more at once).
 * @example
 * const streams = await openSlowStreams('/tmp/server.sock', 1000, { n: 2000, words: 200 }, { bytes: 256, everyMs: 100 })
 */
export async function openSlowStreams(socketPath: string, count: number, query: { n: number, words: number }, pace: { bytes: number, everyMs: number }): Promise<SlowStreams> {
  const request = `GET ${streamPath}?n=${query.n}&words=${query.words} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`
  const sockets: Socket[] = []
  let received = 0
  const started = new Set<Socket>()
  const timer = setInterval(() => {
    for (const socket of sockets) {
      // a paused socket: read(0) starts the kernel reads, read(n) takes at most n of what they buffered
      const chunk = socket.read(Math.min(pace.bytes, socket.readableLength)) as Buffer | null
      if (!chunk?.length) continue
      received += chunk.length
      started.add(socket)
    }
  }, pace.everyMs)
  const close = () => {
    clearInterval(timer)
    for (const socket of sockets) socket.destroy()
  }
  try {
    while (sockets.length < count) {
      const batch = Array.from({ length: Math.min(100, count - sockets.length) }, () => new Promise<Socket>((resolve, reject) => {
        const socket = connect(socketPath, () => {
          socket.write(request)
          resolve(socket)
        }).once('error', reject)
      }))
      sockets.push(...await Promise.all(batch))
    }
  }
  catch (error) {
    close()
    throw error
  }
  for (const socket of sockets) socket.on('error', () => {})
  return { received: () => received, started: () => started.size, close }
}
