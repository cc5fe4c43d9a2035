import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median, shuffled } from '../lib/stats'
import { bundleServer, startServer } from '../lib/start-server'
import type { RunningServer } from '../lib/start-server'
import { measureStreamCycles, sampleSlowStreams } from './measure-streams'
import type { StreamCycle, StreamMemory } from './measure-streams'
import { readStream } from './read-streams'
import { tokenOf } from './fixture'

const workDir = fileURLToPath(new URL('../.work/streaming', import.meta.url))
const version = (name: string) => (JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version
const v1 = `h3 ${version('h3')}`
const v2 = `h3 ${version('h3-v2')}`
const speedGoal = 0.9
const memoryGoal = 1.5
const flatGoal = 1.1
const title = 'Streaming: events per second and memory of slow streams'

/** A streaming server: its entry (`servers/<name>.ts`), its floors, and whether the goals apply to it. */
interface Subject {
  name: string
  label: string
  /** The floor of one stream's speed (the same major's createEventStream); none for that floor itself. */
  speedFloor?: string
  /** The floor of memory per slow stream: the same major's hand-written stream that waits for the connection. */
  memoryFloor?: string
  /** A hand-written stream faster than the floor, which defineAction is also put against (no goal). */
  fastest?: string
  /** How a row names it as that floor. */
  short?: string
  judged?: boolean
}

const subjects: Subject[] = [
  { name: 'floor-v1', label: `hand-written handler, createEventStream, ${v1}`, memoryFloor: 'readable-v1' },
  { name: 'readable-v1', label: `hand-written handler, sendStream of a Node Readable, ${v1}`, speedFloor: 'floor-v1', short: 'the Node Readable' },
  { name: 'define-action-v1', label: `defineAction, ${v1}`, speedFloor: 'floor-v1', memoryFloor: 'readable-v1', fastest: 'readable-v1', judged: true },
  { name: 'floor-v2', label: `hand-written handler, createEventStream, ${v2}` },
  { name: 'iterable-v2', label: `hand-written handler, iterable(), ${v2}`, speedFloor: 'floor-v2', memoryFloor: 'floor-v2', short: 'iterable()' },
  { name: 'define-action-v2', label: `defineAction, ${v2}`, speedFloor: 'floor-v2', memoryFloor: 'floor-v2', fastest: 'iterable-v2', judged: true },
]
const label = (name: string) => subjects.find(subject => subject.name === name)!.label
const socketOf = (name: string) => `${workDir}/${name}.sock`

/** Part: one stream's events per second and CPU per event, and memory per stream under 1,000 slow clients. */
export const streamingPart: BenchPart = {
  id: 'streaming',
  title,
  async run(options) {
    const shape = options.smoke
      ? { processes: 1, cycles: 5, events: 5_000, warm: 2, streams: 200, samples: 2, everySeconds: 0.5 }
      : { processes: 3, cycles: 20, events: 20_000, warm: 5, streams: 1_000, samples: 4, everySeconds: 5 }
    // events of about 1 KB, 600 a stream: far more than the client reads in the sampled time plus what the
    // kernel holds (about 220 KB a Unix socket), so a server that does not wait for the connection keeps the rest
    const slow = { query: { n: 600, words: 200 }, pace: { bytes: 256, everyMs: 100 } }
    const bundles = new Map<string, string>()
    for (const { name } of subjects) {
      const alias = name.endsWith('-v2') ? { h3: 'h3-v2' } : undefined
      bundles.set(name, await bundleServer(fileURLToPath(new URL(`./servers/${name}.ts`, import.meta.url)), `${workDir}/${name}.mjs`, { alias }))
    }
    const start = (name: string) => {
      rmSync(socketOf(name), { force: true })
      return startServer(bundles.get(name)!, { STREAM_SOCKET: socketOf(name) }, ['--expose-gc'])
    }

    const notes: string[] = []
    // speed[name][set] = that set's cycles
    const speed = new Map<string, StreamCycle[][]>()
    for (let set = 0; set < shape.processes; set++) {
      log('streaming', `process set ${set + 1} of ${shape.processes}: ${shape.cycles} cycles of one ${shape.events.toLocaleString('en-US')}-event stream per server`)
      const servers = new Map<string, RunningServer>()
      try {
        for (const { name } of shuffled(subjects)) servers.set(name, await start(name))
        if (set === 0) notes.push(...await checkSameEvents(servers))
        for (const [, server] of shuffled([...servers])) {
          for (let stream = 0; stream < shape.warm; stream++) await readStream(server.url, { n: shape.events, words: 1 })
        }
        for (const [name, cycles] of await measureStreamCycles(servers, shape)) speed.set(name, [...speed.get(name) ?? [], cycles])
      }
      finally {
        await Promise.all([...servers.values()].map(server => server.stop()))
      }
    }

    const memory = new Map<string, StreamMemory[]>()
    for (const { name } of shuffled(subjects)) {
      log('streaming', `${name}: ${shape.streams.toLocaleString('en-US')} slow streams for ${shape.samples * shape.everySeconds} s`)
      const server = await start(name)
      try {
        memory.set(name, await sampleSlowStreams(server, socketOf(name), { ...shape, ...slow }))
      }
      finally {
        await server.stop()
        rmSync(socketOf(name), { force: true })
      }
    }

    return {
      title,
      rows: [...speedRows(speed), ...memoryRows(memory, shape.streams)],
      method: method(shape, slow),
      notes,
    }
  },
}

function speedRows(speed: Map<string, StreamCycle[][]>): ResultRow[] {
  const rows: ResultRow[] = []
  // a ratio within each cycle, then the median over every cycle; the spread is each process set's own median
  const ratio = (name: string, floor: string, pick: (cycle: StreamCycle, other: StreamCycle) => number) => {
    const perSet = speed.get(name)!.map((cycles, set) => cycles.map((cycle, index) => pick(cycle, speed.get(floor)![set]![index]!)))
    const spread = perSet.length > 1 ? `; process sets ${Math.min(...perSet.map(median)).toFixed(2)}x–${Math.max(...perSet.map(median)).toFixed(2)}x` : ''
    return { ratio: median(perSet.flat()), spread }
  }
  const goal = (subject: Subject, value: number) => subject.judged ? { goal: `>= ${speedGoal.toFixed(2)}x`, met: value >= speedGoal, ratioGoal: { min: speedGoal } } : {}
  const figure = (name: string, pick: (cycle: StreamCycle) => number) => median(speed.get(name)!.flat().map(pick))
  const measures = [
    { measure: 'Streaming: events per second, one stream', value: (name: string) => `${Math.round(figure(name, cycle => cycle.eventsPerSecond)).toLocaleString('en-US')} events/s`, faster: (cycle: StreamCycle, floor: StreamCycle) => cycle.eventsPerSecond / floor.eventsPerSecond },
    { measure: 'Streaming: CPU per event, one stream', value: (name: string) => `${figure(name, cycle => cycle.cpuPerEvent).toFixed(2)} µs CPU/event`, faster: (cycle: StreamCycle, floor: StreamCycle) => floor.cpuPerEvent / cycle.cpuPerEvent },
  ]
  for (const { measure, value, faster } of measures) {
    for (const subject of subjects) {
      if (!subject.speedFloor) {
        rows.push({ measure, subject: `${subject.label} (floor)`, value: value(subject.name) })
        continue
      }
      const against = ratio(subject.name, subject.speedFloor, faster)
      rows.push({ measure, subject: subject.label, value: value(subject.name) + against.spread, ratio: against.ratio, ...goal(subject, against.ratio) })
      if (!subject.fastest) continue
      const fastest = ratio(subject.name, subject.fastest, faster)
      rows.push({ measure, subject: `${subject.label}, with ${subjects.find(other => other.name === subject.fastest)!.short} as the floor`, value: value(subject.name) + fastest.spread, ratio: fastest.ratio })
    }
  }
  return rows
}

function memoryRows(memory: Map<string, StreamMemory[]>, streams: number): ResultRow[] {
  const rows: ResultRow[] = []
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const measure = `Streaming: memory per stream, ${streams.toLocaleString('en-US')} slow clients`
  for (const subject of subjects) {
    const samples = memory.get(subject.name)!
    const [first, last] = [samples[0]!, samples.at(-1)!]
    const waiting = last.started < streams ? `; ${streams - last.started} clients had not had a byte yet` : ''
    const value = `${kb(last.live)} live, ${kb(last.rss)} RSS at ${last.at} s (${kb(first.live)}, ${kb(first.rss)} at ${first.at} s)${waiting}`
    if (!subject.memoryFloor) {
      rows.push({ measure, subject: `${subject.label} (floor)`, value })
      continue
    }
    const ratio = last.live / memory.get(subject.memoryFloor)!.at(-1)!.live
    rows.push({ measure, subject: subject.label, value, ratio, ...subject.judged ? { goal: `<= ${memoryGoal.toFixed(2)}x`, met: ratio <= memoryGoal, ratioGoal: { max: memoryGoal } } : {} })
  }
  for (const subject of subjects) {
    const samples = memory.get(subject.name)!
    const [first, last] = [samples[0]!, samples.at(-1)!]
    const growth = last.live / first.live
    rows.push({ measure: 'Streaming: memory per stream, last sample over first (flat)', subject: subject.label, value: `${kb(first.live)} → ${kb(last.live)} live`, ratio: growth, ...subject.judged ? { goal: `<= ${flatGoal.toFixed(2)}x`, met: growth <= flatGoal, ratioGoal: { max: flatGoal } } : {} })
  }
  return rows
}

/** The same events from every server as from the h3 1 floor; a note for each difference and for what is added. */
async function checkSameEvents(servers: Map<string, RunningServer>): Promise<string[]> {
  const notes: string[] = []
  const messagesOf = async (name: string) => {
    const { status, contentType, body } = await readStream(servers.get(name)!.url, { n: 3, words: 1 }, true)
    if (status !== 200 || !contentType.startsWith('text/event-stream')) throw new Error(`${label(name)} answered ${status} ${contentType} to a stream request`)
    return body.split('\n\n').filter(Boolean)
  }
  const expected = await messagesOf('floor-v1')
  const events = Array.from({ length: 3 }, (_, i) => `data: ${JSON.stringify({ i, token: tokenOf(1) })}`)
  if (expected.join() !== events.join()) throw new Error(`the h3 1 floor streamed ${JSON.stringify(expected)}`)
  for (const name of servers.keys()) {
    const messages = await messagesOf(name)
    if (messages.slice(0, 3).join() !== events.join()) notes.push(`${label(name)}: its events differ from the floor's: \`${JSON.stringify(messages)}\`.`)
    else if (messages.length > 3) notes.push(`${label(name)}: adds \`${messages.slice(3).join('\\n\\n').replaceAll('\n', '\\n')}\` after the same events (${messages.slice(3).join('\n\n').length + 2} bytes a stream).`)
  }
  return notes
}

function method(shape: { processes: number, cycles: number, events: number, warm: number, streams: number, samples: number, everySeconds: number }, slow: { query: { n: number, words: number }, pace: { bytes: number, everyMs: number } }): string {
  return [
    'Each server is its own child process serving GET /stream?n=&words=.',
    'It reads and validates its query with the same zod schema.',
    'Then it sends n events `{ i, token }` from an async generator, each one SSE message `data: <JSON>`.',
    'The servers are in `bench/streaming/servers/`, bundled with esbuild and `NODE_ENV=production` like the http part\'s.',
    'They run on `node:http` with h3 1\'s `toNodeListener` or h3 2\'s `toNodeHandler`.',
    'Before measuring, every server\'s first events are compared with the h3 1 floor\'s.',
    'The notes say what a server adds: defineAction\'s `end` event.',
    '',
    '- **createEventStream (floor)**, one per h3 major: a hand-written handler, as h3\'s docs write one. It pushes each event with h3\'s `createEventStream` and returns its `send()`. On h3 1 its pushes do not wait for the connection. h3 1\'s `sendStream` writes a web stream to the response without waiting for `drain`, and so does `sendIterable`.',
    '- **sendStream of a Node Readable** (h3 1): h3 1\'s `sendStream` over `Readable.from` of the SSE lines. Node pipes it, waiting for `drain`. It is the floor of memory on h3 1.',
    '- **iterable()** (h3 2): h3 2\'s `iterable()` with a serializer writing each SSE message. It is a web stream the response pulls.',
    '- **defineAction**: `async *handler({ input })` yielding the same events. The runtime\'s source runs from the h3 1 entry on h3 1 and the h3 2 entry on h3 2.',
    '',
    'The Readable and iterable() are both faster per event than createEventStream.',
    'defineAction\'s CPU per event is also put against them, with no goal.',
    '',
    `**One stream.** Every server is started afresh ${shape.processes} time(s).`,
    `It streams ${shape.warm} streams of ${shape.events.toLocaleString('en-US')} events to warm up.`,
    `Then come ${shape.cycles} cycles.`,
    `In each, every server in a fresh random order streams one ${shape.events.toLocaleString('en-US')}-event stream, about 33 bytes an event.`,
    'A `node:http` client reads it as fast as it comes.',
    'The server\'s `process.cpuUsage()` is read over IPC before and after, and the stream is timed from request to last byte.',
    'Ratios are taken within each cycle, then the median (higher is better):',
    '',
    '- events per second: the server\'s over the floor\'s;',
    '- CPU per event: the floor\'s over the server\'s.',
    '',
    '"process sets" is the lowest and highest of each set\'s median.',
    `Goal: >= ${speedGoal}x on both.`,
    '',
    '**Slow clients.** Each server is started afresh with `--expose-gc` and streams 5 whole streams.',
    'Then its memory is read idle.',
    `Then ${shape.streams.toLocaleString('en-US')} clients open a stream of ${slow.query.n} events of about 1 KB each (\`words=${slow.query.words}\`) at once.`,
    `They are \`node:net\` sockets, paused, each reading at most ${slow.pace.bytes} bytes every ${slow.pace.everyMs} ms.`,
    'So every server can produce far faster than its clients read, and no stream ends while sampled.',
    '',
    'The clients connect over a Unix socket the server also listens on.',
    'A Unix socket\'s kernel buffer is fixed: about 220 KB a connection, held as a send buffer.',
    'Loopback TCP grows a stalled connection\'s buffer to 4 MB.',
    `${shape.streams.toLocaleString('en-US')} such connections would take that from the whole machine.`,
    '',
    'Sampling starts once every client has had its first bytes, or 10 s after they connected.',
    `Every ${shape.everySeconds} s for ${shape.samples * shape.everySeconds} s, the server answers GET /memory with \`process.memoryUsage()\` after a full GC.`,
    'The figure is per stream, over the idle server.',
    '**Live** memory (heap used + external, what the process holds) is judged.',
    'RSS is shown beside it.',
    'V8 and the allocator return pages over the run, so RSS fell over 20 s on every server tried.',
    '',
    'Goals for defineAction:',
    '',
    `- live memory per stream at the last sample <= ${memoryGoal}x the floor's of the same major. On h3 1 that floor is the Readable stream, since createEventStream keeps what the client has not read. On h3 2 it is createEventStream.`,
    `- flat: the last sample <= ${flatGoal}x the first.`,
  ].join('\n')
}
