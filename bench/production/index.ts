import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { randomUUID } from 'node:crypto'
import { Agent } from 'node:http'
import { isDeepStrictEqual } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { BenchPart, ResultRow } from '../lib/types'
import { log, median, shuffled } from '../lib/stats'
import { bundleServer, startServer } from '../lib/start-server'
import type { RunningServer } from '../lib/start-server'
import { ask, loadBlock, measureCpuCycles } from '../lib/cpu-cycles'
import type { Scenario } from '../lib/cpu-cycles'
import { startRedis } from '../lib/redis-server'
import type { BenchRedis } from '../lib/redis-server'
import { httpScenarios } from '../http/fixture'

const workDir = fileURLToPath(new URL('../.work/production', import.meta.url))
const serverDir = new URL('../../packages/runtime/src/runtime/server/', import.meta.url)
const unchanged = 0.97
// "costs under 10% more CPU": at most 1.1 times the floor's. Where the work is someone else's (the SDK's spans, a
// Redis round trip, a kept key), the floor is that work written by hand, not the plain action: see the method text
const underTenPercent = 1 / 1.1

const postValid = httpScenarios.find(scenario => scenario.id === 'post-valid')!
/** Each request a new key: the action claims it, runs and stores its answer. */
const freshKey: Scenario = { ...postValid, id: 'fresh-key', freshHeaders: () => ({ 'idempotency-key': randomUUID() }) }
/** One key for every request: after the first, each is a replay of the stored answer. */
const sameKey: Scenario = { ...postValid, id: 'same-key', headers: { ...postValid.headers, 'idempotency-key': 'bench-replay' } }

/** A server under load: its entry (`servers/<entry>.ts`), the request it gets, its goal, and what it needs. */
interface Subject {
  name: string
  entry: string
  label: string
  scenario: Scenario
  /** The least ratio to the floor (the floor's CPU over this server's). */
  goal?: number
  /** Another subject whose CPU this one's ratio is to, instead of the plain action's. */
  floor?: string
  /** A ratio without a goal: the A/A control, a replay. */
  control?: boolean
  redis?: boolean
  /** Bundled with the lifecycle's trace calls kept, as a build with the module's `tracing` on. */
  traced?: boolean
  /** Why it cannot be measured in this tree yet, if it cannot. */
  missing?: () => string | undefined
}

const waitingFor = (file: string, what: string) => () => existsSync(new URL(file, serverDir)) ? undefined : `not yet: ${what} is not in this tree`
const resolves = (name: string) => {
  try {
    createRequire(import.meta.url).resolve(name)
    return true
  }
  catch {
    return false
  }
}

const idempotency = waitingFor('idempotency/idempotent.ts', 'idempotent()')
const tracing = waitingFor('plugins/tracing.ts', 'the tracing plugin')
const tracingSdk = () => tracing() ?? (resolves('@opentelemetry/sdk-trace-node') ? undefined : 'not yet: the bench has no @opentelemetry/sdk-trace-node')
const subjects: Subject[] = [
  { name: 'plain', entry: 'plain', label: 'plain action (floor)', scenario: postValid },
  { name: 'plain-again', entry: 'plain', label: 'the floor again, in its own process (A/A control)', scenario: postValid, control: true },
  { name: 'noop-middleware', entry: 'noop-middleware', label: 'one more middleware that only calls next() (what any middleware costs)', scenario: postValid, control: true },
  { name: 'rate-limit-memory', entry: 'rate-limit-memory', label: 'rateLimit, memory store (never refuses)', scenario: postValid, goal: underTenPercent },
  { name: 'rate-limit-redis', entry: 'rate-limit-redis', label: 'rateLimit, Redis store (never refuses)', scenario: postValid, control: true, redis: true },
  { name: 'redis-by-hand-one', entry: 'redis-by-hand-one', label: 'the plain action with a middleware written by hand that sends the rate limit\'s script by EVALSHA on the same ioredis client (one round trip)', scenario: postValid, control: true, redis: true },
  { name: 'rate-limit-redis-over-hand', entry: 'rate-limit-redis', label: 'rateLimit on Redis, against that middleware by hand (what rateLimit adds to its round trip)', scenario: postValid, control: true, floor: 'redis-by-hand-one', goal: underTenPercent, redis: true },
  { name: 'idempotency-off', entry: 'idempotent-memory', label: 'idempotent() on the action, a request without Idempotency-Key (off)', scenario: postValid, goal: unchanged, missing: idempotency },
  { name: 'idempotent-memory', entry: 'idempotent-memory', label: 'idempotent(), memory store, a new key each request (claim, run, store)', scenario: freshKey, control: true, missing: idempotency },
  { name: 'memory-by-hand', entry: 'memory-by-hand', label: 'the plain action with a middleware written by hand that keeps a new key in a Map before the handler and its answer after (user-bound, input kept as JSON text; no hashing, TTL or headers)', scenario: freshKey, control: true, missing: idempotency },
  { name: 'idempotent-memory-over-hand', entry: 'idempotent-memory', label: 'idempotent() on memory, a new key each request, against that middleware by hand (what idempotent() adds: hashed keys and inputs, TTLs, kept headers, the store\'s JSON)', scenario: freshKey, floor: 'memory-by-hand', goal: underTenPercent, missing: idempotency },
  { name: 'idempotent-memory-replay', entry: 'idempotent-memory', label: 'idempotent(), memory store, the same key each request (a replay; the handler does not run)', scenario: sameKey, control: true, missing: idempotency },
  { name: 'idempotent-redis', entry: 'idempotent-redis', label: 'idempotent(), Redis store, a new key each request (claim, run, store)', scenario: freshKey, control: true, redis: true, missing: idempotency },
  { name: 'idempotent-redis-replay', entry: 'idempotent-redis', label: 'idempotent(), Redis store, the same key each request (a replay)', scenario: sameKey, control: true, redis: true, missing: idempotency },
  { name: 'redis-by-hand-two', entry: 'redis-by-hand-two', label: 'the plain action with a middleware written by hand that sends SET NX PX before the handler and SET PX of its answer after (two round trips)', scenario: postValid, control: true, redis: true },
  { name: 'idempotent-redis-over-hand', entry: 'idempotent-redis', label: 'idempotent() on Redis, a new key each request, against that middleware by hand (what idempotent() adds to its round trips)', scenario: freshKey, floor: 'redis-by-hand-two', goal: underTenPercent, redis: true, missing: idempotency },
  { name: 'tracing-built-in', entry: 'tracing-built-in', label: 'tracing off: its code built in (the lifecycle\'s trace calls kept), no tracer set', scenario: postValid, goal: unchanged, traced: true, missing: tracing },
  { name: 'tracing-no-sdk', entry: 'tracing-no-sdk', label: 'tracing on, no OpenTelemetry SDK registered (the API\'s no-op spans)', scenario: postValid, goal: underTenPercent, traced: true, missing: tracing },
  { name: 'tracing-sdk', entry: 'tracing-sdk', label: 'tracing on, OpenTelemetry SDK for Node (batch span processor, an exporter that drops)', scenario: postValid, control: true, traced: true, missing: tracingSdk },
  { name: 'sdk-without-tracing', entry: 'sdk-without-tracing', label: 'the same SDK registered, tracing off (what the SDK costs an app by itself: AsyncLocalStorage)', scenario: postValid, control: true, missing: tracingSdk },
  { name: 'hand-traced', entry: 'hand-traced', label: 'the plain action with the same six spans made by hand with that SDK (what the SDK itself charges for them)', scenario: postValid, control: true, missing: tracingSdk },
  { name: 'tracing-sdk-over-hand', entry: 'tracing-sdk', label: 'tracing on with that SDK, against the same spans made by hand (what the action\'s tracing code adds to the SDK\'s own cost)', scenario: postValid, floor: 'hand-traced', goal: underTenPercent, traced: true, missing: tracingSdk },
  { name: 'tracing-sdk-over-sdk', entry: 'tracing-sdk', label: 'tracing on with that SDK, against the SDK registered with tracing off (what the action\'s six spans add)', scenario: postValid, control: true, floor: 'sdk-without-tracing', traced: true, missing: tracingSdk },
]

const title = 'Production: CPU per request of rate limits, idempotency and tracing'

/** Part: server CPU per request of what production adds to a plain action, each against that action. */
export const productionPart: BenchPart = {
  id: 'production',
  title,
  async run(options) {
    const shape = options.smoke
      ? { processes: 1, cycles: 5, requests: 100, warm: 300, connections: 10 }
      : { processes: 4, cycles: 40, requests: 300, warm: 2000, connections: 10 }
    const notes: string[] = []
    const rows: ResultRow[] = []
    const measure = 'Production: POST valid body'

    let redis: BenchRedis | undefined
    if (subjects.some(subject => subject.redis)) {
      redis = await startRedis()
      if (!redis) notes.push('**Gap**: no `redis-server` on this machine, so the Redis rows were not measured (`apt-get install redis-server`).')
    }
    const measured: Subject[] = []
    for (const subject of subjects) {
      const why = subject.missing?.() ?? (subject.redis && !redis ? 'not measured: no redis-server' : undefined)
      if (why) rows.push({ measure, subject: subject.label, value: why })
      else measured.push(subject)
    }

    try {
      const bundles = new Map<string, string>()
      for (const { entry, traced } of measured) {
        const define = traced ? { 'import.meta.actionRouteTracing': 'true' } : undefined
        if (!bundles.has(entry)) bundles.set(entry, await bundleServer(fileURLToPath(new URL(`./servers/${entry}.ts`, import.meta.url)), `${workDir}/${entry}.mjs`, { external: ['ioredis', '@opentelemetry/*'], define }))
      }

      // samples[subject][set] = CPU µs per request, cycle by cycle
      const samples = new Map<string, number[][]>()
      let redisMicros = 0
      let redisRequests = 0
      for (let set = 0; set < shape.processes; set++) {
        log('production', `process set ${set + 1} of ${shape.processes}: starting ${measured.length} servers`)
        const servers = new Map<string, RunningServer>()
        try {
          for (const subject of shuffled(measured.filter(candidate => !candidate.floor))) servers.set(subject.name, await startServer(bundles.get(subject.entry)!, redis ? { REDIS_URL: redis.url } : {}))
          if (set === 0) notes.push(...await checkSameWork(measured.filter(subject => !subject.floor), servers))
          for (const subject of shuffled(measured.filter(candidate => !candidate.floor))) {
            const agent = new Agent({ keepAlive: true, maxSockets: shape.connections })
            await loadBlock(agent, servers.get(subject.name)!.url, subject.scenario, shape.warm)
            agent.destroy()
          }
          log('production', `${shape.cycles} cycles of ${shape.requests} requests per server`)
          const redisBefore = await redis?.cpuMicros()
          const cases = measured.filter(subject => !subject.floor).map(subject => ({ key: subject.name, server: servers.get(subject.name)!, scenario: subject.scenario }))
          for (const [name, cycles] of await measureCpuCycles(cases, shape)) samples.set(name, [...samples.get(name) ?? [], cycles])
          if (redis) {
            redisMicros += await redis.cpuMicros() - redisBefore!
            // the blocks that open the connections count too
            redisRequests += (shape.cycles + 1) * shape.requests * measured.filter(subject => subject.redis && !subject.floor).length
          }
        }
        finally {
          await Promise.all([...servers.values()].map(server => server.stop()))
        }
      }

      for (const subject of measured) {
        // a subject with a floor of its own is its entry's server, under the same request, measured against that floor
        const sets = samples.get(subject.floor ? measured.find(other => other.entry === subject.entry && other.scenario === subject.scenario && !other.floor)!.name : subject.name)!
        const floor = samples.get(subject.floor ?? 'plain')!
        const cpu = `${median(sets.flat()).toFixed(1)} µs CPU/req`
        if (subject.goal === undefined && !subject.control) {
          rows.push({ measure, subject: subject.label, value: cpu })
          continue
        }
        // the floor's CPU over the subject's within each cycle, then the median: read like a throughput ratio
        const perSet = sets.map((cycles, set) => cycles.map((micros, cycle) => floor[set]![cycle]! / micros))
        const spread = perSet.length > 1 ? `; process sets ${Math.min(...perSet.map(median)).toFixed(2)}x–${Math.max(...perSet.map(median)).toFixed(2)}x` : ''
        const ratio = median(perSet.flat())
        const goal = subject.goal === undefined ? {} : { goal: `>= ${subject.goal === unchanged ? '0.97x' : '0.909x (under 10% more CPU)'}`, met: ratio >= subject.goal, ratioGoal: { min: subject.goal } }
        rows.push({ measure, subject: subject.label, value: cpu + spread, ratio, ...goal })
      }
      if (redisRequests) notes.push(`redis-server itself used ${(redisMicros / redisRequests).toFixed(1)} µs CPU per request that reached it, on top of the server's figure. It is read from /proc in 10 ms steps over every measured block.`)
    }
    finally {
      await redis?.stop()
    }
    // the order of `subjects`, measured or not
    rows.sort((a, b) => subjects.findIndex(subject => subject.label === a.subject) - subjects.findIndex(subject => subject.label === b.subject))

    return {
      title,
      rows,
      method: [
        'Each server is its own child process serving one action: the http part\'s POST /todos.',
        'It has that part\'s zod input, its async user middleware and its handler\'s work.',
        'It runs `defineAction` from the runtime\'s h3 1 entry on h3 1.',
        'It is bundled with esbuild and `NODE_ENV=production` (`bench/production/servers/`).',
        'The floor is that action alone.',
        'Every other server adds one thing before the user middleware and gets the http part\'s valid POST body.',
        'ioredis and OpenTelemetry stay in node_modules, as an app loads them.',
        '',
        'The shared store is given as the module\'s Nitro plugin gives it: `createSharedStore` on the mount of a Nitro driver.',
        '',
        '| store | driver |',
        '|---|---|',
        '| memory | Nitro\'s memory driver |',
        '| Redis | Nitro\'s redis driver, with an ioredis client on a `redis-server` the part starts on 127.0.0.1, nothing saved to disk |',
        '',
        '`idempotent()` sits after the user middleware with keys scoped by user, as the docs place it.',
        'Each request of the "new key" rows carries a fresh `Idempotency-Key`.',
        'So it claims the key, runs and keeps its answer.',
        '',
        'Tracing depends on how a server is bundled:',
        '',
        '- **off**: the floor and every other server are bundled as a build without the module\'s `tracing`. There `import.meta.actionRouteTracing` is false, and every trace call returns at its first line.',
        '- **built in**: the tracing rows are bundled with that flag true. The "built in" row has no tracer set.',
        '- **on**: the other tracing rows add the module\'s tracing plugin. It runs first with no SDK registered, then with the OpenTelemetry SDK for Node.',
        '',
        'That SDK is a `NodeTracerProvider` with its AsyncLocalStorage context and a `BatchSpanProcessor`.',
        'The processor\'s exporter drops what it is given.',
        'Six spans a request are made, ended and batched, and none is sent.',
        '',
        'Four floors are written by hand, to tell what the runtime adds from what it pays others.',
        'The rows "against ... by hand" are read against them.',
        'Each is the plain action with something added by hand:',
        '',
        '| floor | file | what it adds |',
        '|---|---|---|',
        '| six spans | `hand-traced.ts` | the same six spans made with that SDK: the request\'s span with its attributes, each step\'s, the middleware\'s and the handler\'s entered as the active context |',
        '| a rate limit\'s round trip | `redis-by-hand.ts` | a middleware that sends the rate limit\'s script by `EVALSHA` on the same ioredis client |',
        '| an idempotency key\'s round trips | `redis-by-hand.ts` | a middleware that sends a `SET NX PX` before the handler and a `SET PX` of the answer after, on the same client |',
        '| an idempotency key in memory | `memory-by-hand.ts` | a middleware that keeps a new key in a `Map` before the handler and its answer after: user-bound, the input kept as JSON text, no hashing, TTL or headers |',
        '',
        `Every server is started afresh ${shape.processes} time(s) and warmed up with ${shape.warm.toLocaleString('en-US')} requests.`,
        `Then it is measured in ${shape.cycles} cycles, as in the http part.`,
        `In each cycle, every server in a fresh random order serves one block of ${shape.requests} requests over ${shape.connections} kept-alive connections.`,
        'Its `process.cpuUsage()` is read over IPC before and after.',
        'The ratio is the floor\'s CPU over the server\'s within each cycle, then the median (higher is better).',
        '',
        '| what | goal | against |',
        '|---|---|---|',
        '| present but off | >= 0.97x | the plain action |',
        '| on, where the runtime does all the work: a rate limit in memory, tracing with no SDK | under 10% more CPU (>= 0.909x) | the plain action |',
        '| on, where the work is another\'s: the SDK\'s six spans, Redis round trips, an idempotency key kept in memory | under 10% more CPU (>= 0.909x) | its floor written by hand |',
        '',
        'No code can make six SDK spans or a Redis round trip for under 10% of this action.',
        'Its whole CPU is about 64 µs.',
        'The rows against the plain action stay, without a goal, to say what each costs an app.',
        'The CPU of redis-server itself is not in a server\'s figure.',
        'The notes give it per request.',
      ].join('\n'),
      notes,
    }
  },
}

/** Same status and envelope as the floor; a note per difference. */
async function checkSameWork(measured: Subject[], servers: Map<string, RunningServer>): Promise<string[]> {
  const notes: string[] = []
  const expected = await ask(servers.get('plain')!.url, postValid)
  if (expected.status !== postValid.status) throw new Error(`the plain action answered ${expected.status}, expected ${postValid.status}`)
  for (const subject of measured) {
    const answer = await ask(servers.get(subject.name)!.url, subject.scenario)
    if (answer.status !== expected.status) notes.push(`${subject.label}: answers HTTP ${answer.status} where the floor answers ${expected.status}.`)
    else if (!isDeepStrictEqual(answer.body, expected.body)) notes.push(`${subject.label}: the body differs from the floor's: \`${JSON.stringify(answer.body)}\`.`)
  }
  return notes
}
