import type { RunningServer } from '../lib/start-server'
import { shuffled } from '../lib/stats'
import { memoryPath } from './serve-streams'
import { openSlowStreams, readAnswer, readStream } from './read-streams'

/** One cycle's figures for one server: its CPU per event and the stream's events per second. */
export interface StreamCycle {
  cpuPerEvent: number
  eventsPerSecond: number
}

/**
 * One stream of `events` small events from each server per cycle, the servers in a fresh random order each
 * cycle, read as fast as the connection gives them; the server's CPU time read over IPC before and after,
 * the stream timed from request to its last byte. Resolves to each server's figures, cycle by cycle.
 * @example
 * const cycles = await measureStreamCycles(servers, { cycles: 20, events: 20_000 })
 */
export async function measureStreamCycles(servers: Map<string, RunningServer>, shape: { cycles: number, events: number }): Promise<Map<string, StreamCycle[]>> {
  const samples = new Map<string, StreamCycle[]>([...servers.keys()].map(name => [name, []]))
  for (let cycle = 0; cycle < shape.cycles; cycle++) {
    for (const [name, server] of shuffled([...servers])) {
      const before = await server.cpuMicros()
      const started = performance.now()
      await readStream(server.url, { n: shape.events, words: 1 })
      const seconds = (performance.now() - started) / 1000
      samples.get(name)!.push({ cpuPerEvent: (await server.cpuMicros() - before) / shape.events, eventsPerSecond: shape.events / seconds })
    }
  }
  return samples
}

/** A server's memory with slow streams open: per stream, at each sample, over the idle server. */
export interface StreamMemory {
  /** Seconds after every client had its first bytes. */
  at: number
  /** Heap used + external (Buffers) after a full GC, bytes per stream. */
  live: number
  rss: number
  /** How many of the clients had read anything by then. */
  started: number
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** The server's `process.memoryUsage()` after a full GC. */
async function memoryOf(server: RunningServer): Promise<NodeJS.MemoryUsage> {
  return JSON.parse((await readAnswer(server.url, memoryPath, true)).body) as NodeJS.MemoryUsage
}

/**
 * Opens `streams` slow streams of large events over the server's Unix socket and, once every client has had
 * its first bytes, samples the server's memory every `everySeconds` (`samples` times) against its idle
 * figure taken just before they open.
 * @example
 * const samples = await sampleSlowStreams(server, socketPath, { streams: 1000, samples: 4, everySeconds: 5, query, pace })
 */
export async function sampleSlowStreams(server: RunningServer, socketPath: string, shape: {
  streams: number
  samples: number
  everySeconds: number
  query: { n: number, words: number }
  pace: { bytes: number, everyMs: number }
}): Promise<StreamMemory[]> {
  // a few whole streams first, so the idle figure is a warmed-up server's
  for (let stream = 0; stream < 5; stream++) await readStream(server.url, shape.query)
  const idle = await memoryOf(server)
  const streams = await openSlowStreams(socketPath, shape.streams, shape.query, shape.pace)
  try {
    // the clock starts once every client has had its first bytes (or after 10 s without)
    const opened = performance.now()
    while (streams.started() < shape.streams && performance.now() - opened < 10_000) await sleep(100)
    const samples: StreamMemory[] = []
    for (let sample = 1; sample <= shape.samples; sample++) {
      await sleep(shape.everySeconds * 1000)
      const memory = await memoryOf(server)
      samples.push({
        at: sample * shape.everySeconds,
        live: (memory.heapUsed + memory.external - idle.heapUsed - idle.external) / shape.streams,
        rss: (memory.rss - idle.rss) / shape.streams,
        started: streams.started(),
      })
    }
    return samples
  }
  finally {
    streams.close()
  }
}
