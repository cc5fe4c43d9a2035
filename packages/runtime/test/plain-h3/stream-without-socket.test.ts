// h3 v1 on a response with no socket, as Nitro 2 runs it on Workers (and for its in-process fetch): h3's own
// web handler drives the app on its stand-in request and response, and a streaming action answers a web body
// that is pulled only as it is read, and that a reader's cancel stops (the generator's finally runs).
import { describe, expect, it } from 'vitest'
import * as h3v1 from 'h3'
import { defineAction } from '../../src/runtime/server'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

describe('a streaming action on h3 v1 without a socket', () => {
  const state = { made: 0, finallyRan: false, aborted: false }
  const app = h3v1.createApp()
  const router = h3v1.createRouter()
  router.use('/tokens', defineAction({
    async* handler({ signal }) {
      signal.addEventListener('abort', () => {
        state.aborted = true
      })
      try {
        for (;;) {
          state.made++
          yield state.made
        }
      }
      finally {
        state.finallyRan = true
      }
    },
  }))
  router.use('/short', defineAction({
    async* handler() {
      yield 'a'
      return 'b'
    },
  }))
  app.use(router)
  const handle = h3v1.toWebHandler(app)

  it('answers text/event-stream with the whole wire format', async () => {
    const response = await handle(new Request('http://localhost/short'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(await response.text()).toBe('data: "a"\n\nevent: end\ndata: {"success":true,"data":"b"}\n\n')
  })

  it('pulls events only as the body is read, and a cancel runs the generator\'s finally', async () => {
    const response = await handle(new Request('http://localhost/tokens'))
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('data: 1\n\n')
    expect(decoder.decode((await reader.read()).value)).toBe('data: 2\n\n')
    await sleep(50)
    // one event read ahead at most, whatever the generator could make meanwhile
    expect(state.made).toBeLessThanOrEqual(4)
    await reader.cancel()
    await sleep(10)
    expect(state.finallyRan).toBe(true)
    expect(state.aborted).toBe(true)
  })
})
