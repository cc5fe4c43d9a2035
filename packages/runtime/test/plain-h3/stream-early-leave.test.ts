// A client that leaves a streaming action before its first event, on both h3 majors over real HTTP: the generator
// is stopped at its first `yield` (its `finally` runs, nothing more is generated) and the handler's signal aborts,
// whether the client left while the generator worked towards its first event or while a slow middleware ran.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestServer } from '../helpers/serve'
import { hosts } from '../helpers/hosts'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** Waits until `check` holds, polling. */
async function eventually(check: () => boolean, timeout = 3000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeout) throw new Error('timed out waiting')
    await sleep(10)
  }
}

/** Sends a GET and closes the connection after `ms`, before any byte of the answer came. */
function leaveAfter(url: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, () => {
      throw new Error('the answer came before the client left')
    })
    req.on('error', () => {})
    req.end()
    setTimeout(() => {
      req.destroy()
      resolve()
    }, ms)
  })
}

/** What one route's runs did. */
interface Run { started: boolean, made: number, finallyRan: boolean, aborted: boolean, abortedAtStart?: boolean }
const newRun = (): Run => ({ started: false, made: 0, finallyRan: false, aborted: false })

describe.each(hosts)('a client that leaves a stream before its first event, on $name', (host) => {
  let server: TestServer
  const runs: Record<string, Run> = {}

  /** A generator that never reads its signal: 300 ms of work, then 500 events 2 ms apart. */
  const unheeding = (name: string) => host.defineAction({
    async* handler() {
      const run = runs[name] = newRun()
      run.started = true
      try {
        await sleep(300)
        for (let n = 1; n <= 500; n++) {
          run.made = n
          yield n
          await sleep(2)
        }
      }
      finally {
        run.finallyRan = true
      }
    },
  })

  /** One that listens to its signal but waits 300 ms for its first event without heeding it. */
  const listening = (name: string) => host.defineAction({
    async* handler({ signal }) {
      const run = runs[name] = newRun()
      run.started = true
      run.abortedAtStart = signal.aborted
      signal.addEventListener('abort', () => {
        run.aborted = true
      })
      if (signal.aborted) run.aborted = true
      try {
        await sleep(300)
        for (let n = 1; n <= 500; n++) {
          run.made = n
          yield n
          await sleep(2)
        }
      }
      finally {
        run.finallyRan = true
      }
    },
  })

  const slowGate = host.defineActionMiddleware('slowGate', async ({ next }) => {
    await sleep(300)
    return next()
  })

  beforeAll(async () => {
    server = await host.serve({
      '/unheeding': unheeding('unheeding'),
      '/listening': listening('listening'),
      '/gated': host.createActionClient({ middleware: [slowGate] }).handler(async function* ({ signal }) {
        const run = runs.gated = newRun()
        run.started = true
        run.abortedAtStart = signal.aborted
        if (signal.aborted) run.aborted = true
        signal.addEventListener('abort', () => {
          run.aborted = true
        })
        try {
          for (let n = 1; n <= 500; n++) {
            run.made = n
            yield n
            await sleep(2)
          }
        }
        finally {
          run.finallyRan = true
        }
      }),
    })
  })
  afterAll(() => server.close())

  it('stops a generator that never reads its signal at its first yield: its finally runs, no more is made', async () => {
    await leaveAfter(`${server.url}/unheeding`, 50)
    await eventually(() => runs.unheeding?.finallyRan === true)
    expect(runs.unheeding!.made).toBeLessThanOrEqual(1)
    await sleep(100)
    expect(runs.unheeding!.made).toBeLessThanOrEqual(1)
  })

  it('aborts the signal of a generator still working towards its first event, and stops it there', async () => {
    await leaveAfter(`${server.url}/listening`, 50)
    await eventually(() => runs.listening?.aborted === true)
    await eventually(() => runs.listening!.finallyRan)
    expect(runs.listening!.made).toBeLessThanOrEqual(1)
  })

  it('gives a handler behind a slow middleware an aborted signal when the client left meanwhile, and stops it', async () => {
    await leaveAfter(`${server.url}/gated`, 50)
    await eventually(() => runs.gated?.finallyRan === true)
    expect(runs.gated!.abortedAtStart).toBe(true)
    expect(runs.gated!.aborted).toBe(true)
    expect(runs.gated!.made).toBeLessThanOrEqual(1)
  })
})
