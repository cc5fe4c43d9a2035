import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { freePort } from '../helpers/built-app'

describe('input limits through runtime config', () => {
  it('NUXT_ACTION_ROUTE_MAX_FORM_FIELDS, _MAX_FORM_FILES and _MAX_JSON_DEPTH override the module-wide limits when the built server starts', async () => {
    const fixtureDir = inject('fixtureDir')
    const port = await freePort()
    const server = spawn(process.env.E2E_NODE || process.execPath, [join(fixtureDir, '.output/server/index.mjs')], {
      stdio: 'ignore',
      env: {
        ...process.env,
        NITRO_PORT: String(port),
        NITRO_HOST: '127.0.0.1',
        NUXT_ACTION_ROUTE_MAX_FORM_FIELDS: '2',
        NUXT_ACTION_ROUTE_MAX_FORM_FILES: '0',
        NUXT_ACTION_ROUTE_MAX_JSON_DEPTH: '1',
      },
    })
    try {
      const url = `http://127.0.0.1:${port}/api/echo`
      for (let tries = 0; ; tries++) {
        try {
          await fetch(url)
          break
        }
        catch (error) {
          if (tries > 100) throw error
          await new Promise(resolve => setTimeout(resolve, 100))
        }
      }
      const send = async (body: BodyInit, headers: Record<string, string> = {}) => {
        const response = await fetch(url, { method: 'POST', headers, body })
        return { status: response.status, body: await response.json() }
      }
      const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' }
      expect((await send('a=1&b=2', urlencoded)).status).toBe(200)
      expect(await send('a=1&b=2&c=3', urlencoded)).toEqual({
        status: 413,
        body: { success: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Form data has more than 2 fields', statusCode: 413 } },
      })
      const withFile = new FormData()
      withFile.append('doc', new File(['x'], 'a.txt'))
      expect((await send(withFile)).body.error.message).toBe('Form data has more than 0 files')
      const json = { 'content-type': 'application/json' }
      expect((await send('{"a":1}', json)).status).toBe(200)
      expect((await send('{"a":[1]}', json)).body.error.message).toBe('Request body is nested deeper than 1 levels')
      // an action's own limits still win over the module-wide ones
      const tight = await fetch(`http://127.0.0.1:${port}/api/limits/tight`, { method: 'POST', headers: urlencoded, body: 'a=1&b=2&c=3' })
      expect(tight.status).toBe(200)
    }
    finally {
      server.kill()
      await once(server, 'exit')
    }
  })
})
