// The lifecycle's one hand-off of error answers to the platform (the reporter the Nuxt module's Nitro plugin sets),
// in plain apps of both h3 majors over real HTTP: which answers count as unexpected, the route pattern each host
// names, and that a reporter can replace the envelope but never leak through it nor break the answer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { TestServer } from '../helpers/serve'
import { call } from '../helpers/serve'
import { hosts } from '../helpers/hosts'
import type { ActionErrorReport } from '../../src/runtime/server/errors/report-error'
import { setErrorReporter } from '../../src/runtime/server/errors/report-error'
import { createActionError } from '../../src/runtime/server/errors/action-error'

const INTERNAL = { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred', statusCode: 500 }

describe.each(hosts)('error answers handed to the platform on $name', (host) => {
  let server: TestServer
  let reports: ActionErrorReport[] = []
  let onReport: (report: ActionErrorReport) => void | Promise<void> = () => {}

  beforeAll(async () => {
    server = await host.serve({
      '/things/:kind': host.defineAction({
        input: z.object({ n: z.coerce.number().optional() }),
        outputSchema: z.object({ ok: z.literal(true) }),
        handleServerError: error => error.message === 'map me' ? { code: 'UPSTREAM_DOWN', message: 'Down', statusCode: 503 } : undefined as never,
        handler: ({ params }) => {
          switch (params.kind) {
            case 'error': throw new Error('db password is hunter2')
            case 'string': throw 'hunter2'
            case 'mapped': throw new Error('map me')
            case 'bad-output': return { ok: false } as never
            case 'action-error': throw createActionError({ code: 'OUT_OF_STOCK', message: 'Sold out', statusCode: 409 })
            case 'host-4xx': throw host.httpError({ status: 403, message: 'Not yours' })
            case 'host-5xx': throw host.httpError({ status: 502, message: 'Bad gateway' })
            default: return { ok: true as const }
          }
        },
      }),
    })
  })
  afterEach(() => {
    setErrorReporter(undefined)
    reports = []
    onReport = () => {}
  })
  afterAll(() => server.close())

  const listen = (expected = false) => setErrorReporter({
    expected,
    report: (report) => {
      reports.push({ ...report, envelope: { ...report.envelope } })
      return onReport(report)
    },
  })

  it.each([
    ['error', 'INTERNAL_ERROR'],
    ['string', 'INTERNAL_ERROR'],
    ['mapped', 'UPSTREAM_DOWN'],
    ['bad-output', 'OUTPUT_VALIDATION_ERROR'],
    ['host-5xx', 'SERVER_ERROR'],
  ])('%s is unexpected: reported once, naming the route pattern and method', async (kind, code) => {
    listen()
    const { body } = await call(`${server.url}/things/${kind}`)
    expect(body.error.code).toBe(code)
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ unexpected: true, action: { route: '/things/:kind', method: 'GET', path: `/things/${kind}` }, envelope: body.error })
  })

  it.each(['action-error', 'host-4xx'])('%s is an answer: not reported unless the reporter asks for every answer', async (kind) => {
    listen()
    await call(`${server.url}/things/${kind}`)
    expect(reports).toEqual([])
    listen(true)
    const { body } = await call(`${server.url}/things/${kind}`)
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ unexpected: false, envelope: body.error })
  })

  it('a VALIDATION_ERROR goes to a reporter that asks for every answer, with nothing thrown', async () => {
    listen(true)
    const { status } = await call(`${server.url}/things/ok?n=abc`)
    expect(status).toBe(422)
    expect(reports).toMatchObject([{ unexpected: false, error: undefined, envelope: { code: 'VALIDATION_ERROR' } }])
  })

  it('a reporter that replaces the envelope (even later, asynchronously) changes the answer to its four fields only', async () => {
    onReport = async (report) => {
      await new Promise(resolve => setTimeout(resolve, 5))
      report.envelope = { code: 'DATABASE_DOWN', message: 'Try later', statusCode: 503, stack: 'at db.ts:1', cause: 'hunter2' } as never
    }
    listen()
    const { status, body, text } = await call(`${server.url}/things/error`)
    expect(status).toBe(503)
    expect(body).toEqual({ success: false, error: { code: 'DATABASE_DOWN', message: 'Try later', statusCode: 503 } })
    expect(text).not.toContain('hunter2')
  })

  it('an envelope that cannot be sent, or a reporter that throws, leaves the answer as it was, and says so in the log', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    onReport = (report) => {
      report.envelope = { code: '', message: 'x', statusCode: 200 }
    }
    listen()
    expect(await call(`${server.url}/things/error`)).toMatchObject({ status: 500, body: { success: false, error: INTERNAL } })
    onReport = () => {
      throw new Error('tracker down')
    }
    expect(await call(`${server.url}/things/error`)).toMatchObject({ status: 500, body: { success: false, error: INTERNAL } })
    onReport = () => Promise.reject(new Error('tracker down'))
    expect(await call(`${server.url}/things/mapped`)).toMatchObject({ status: 503, body: { success: false, error: { code: 'UPSTREAM_DOWN' } } })
    expect(logged.mock.calls.map(args => args[1])).toEqual([
      'An action-route:error hook set an envelope that cannot be sent (code: ""); the client got INTERNAL_ERROR',
      'Reporting an action\'s error failed; the client got the envelope unchanged',
      'Reporting an action\'s error failed; the client got the envelope unchanged',
    ])
    logged.mockRestore()
  })

  it('without a reporter an error answer is as before', async () => {
    expect(await call(`${server.url}/things/error`)).toMatchObject({ status: 500, body: { success: false, error: INTERNAL } })
    expect(reports).toEqual([])
  })
})
