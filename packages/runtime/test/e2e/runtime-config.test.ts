import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { freePort } from '../helpers/built-app'

/** Starts the built fixture's server with more environment, runs `check` on its base URL, then stops it. */
async function withBuiltServer(env: Record<string, string>, check: (baseURL: string) => Promise<void>): Promise<void> {
  const port = await freePort()
  const server = spawn(process.env.E2E_NODE || process.execPath, [join(inject('fixtureDir'), '.output/server/index.mjs')], {
    stdio: 'ignore',
    env: { ...process.env, NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', ...env },
  })
  const baseURL = `http://127.0.0.1:${port}`
  try {
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${baseURL}/api/echo`)
        break
      }
      catch (error) {
        if (tries > 100) throw error
        await new Promise(resolve => setTimeout(resolve, 100))
      }
    }
    await check(baseURL)
  }
  finally {
    server.kill()
    await once(server, 'exit')
  }
}

describe('module options through runtime config', () => {
  it('NUXT_ACTION_ROUTE_MAX_BODY_SIZE overrides actionRoute.maxBodySize when the built server starts', async () => {
    await withBuiltServer({ NUXT_ACTION_ROUTE_MAX_BODY_SIZE: '16' }, async (baseURL) => {
      const send = (body: string) => fetch(`${baseURL}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      const over = await send('{"text":"seventeen bytes+"}')
      expect(over.status).toBe(413)
      expect((await over.json()).error.message).toBe('Request body is larger than 16 bytes')
      expect((await send('{"a":1}')).status).toBe(200)
    })
  })

  it('NUXT_ACTION_ROUTE_MAX_FORM_FIELDS, _MAX_FORM_FILES and _MAX_JSON_DEPTH override the module-wide limits when the built server starts', async () => {
    const env = { NUXT_ACTION_ROUTE_MAX_FORM_FIELDS: '2', NUXT_ACTION_ROUTE_MAX_FORM_FILES: '0', NUXT_ACTION_ROUTE_MAX_JSON_DEPTH: '1' }
    await withBuiltServer(env, async (baseURL) => {
      const send = async (body: BodyInit, headers: Record<string, string> = {}) => {
        const response = await fetch(`${baseURL}/api/echo`, { method: 'POST', headers, body })
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
      const tight = await fetch(`${baseURL}/api/limits/tight`, { method: 'POST', headers: urlencoded, body: 'a=1&b=2&c=3' })
      expect(tight.status).toBe(200)
    })
  })

  it('a limit in the environment that is no whole number stops the built server as it starts, quoting the value', async () => {
    for (const [value, given] of [['abc', '"abc"'], ['', '""'], ['-1', '-1']]) {
      const server = spawn(process.env.E2E_NODE || process.execPath, [join(inject('fixtureDir'), '.output/server/index.mjs')], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, NITRO_PORT: String(await freePort()), NITRO_HOST: '127.0.0.1', NUXT_ACTION_ROUTE_MAX_BODY_SIZE: value },
      })
      let stderr = ''
      server.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk
      })
      const [code] = await once(server, 'exit')
      expect(code, stderr).not.toBe(0)
      expect(stderr).toContain(`actionRoute: \`maxBodySize\` must be a whole number of bytes (0 or more), got ${given}`)
    }
  })

  it('NUXT_ACTION_ROUTE_TRUSTED_ORIGINS replaces actionRoute.trustedOrigins when the built server starts', async () => {
    await withBuiltServer({ NUXT_ACTION_ROUTE_TRUSTED_ORIGINS: 'https://ops.example, https://pay.example' }, async (baseURL) => {
      const from = (origin: string) => fetch(`${baseURL}/api/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin },
        body: 'a=1',
      }).then(response => response.status)
      expect(await from('https://ops.example')).toBe(200)
      expect(await from('https://pay.example')).toBe(200)
      // the list in nuxt.config is replaced, not added to
      expect(await from('https://admin.example')).toBe(403)
      expect(await from('https://evil.example')).toBe(403)
    })
  })

  it('a trusted origin in the environment that is no origin stops the built server as it starts, quoting the value', async () => {
    for (const [value, given] of [['https://ops.example/admin', '"https://ops.example/admin"'], ['ops.example', '"ops.example"'], ['42', '42']]) {
      const server = spawn(process.env.E2E_NODE || process.execPath, [join(inject('fixtureDir'), '.output/server/index.mjs')], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, NITRO_PORT: String(await freePort()), NITRO_HOST: '127.0.0.1', NUXT_ACTION_ROUTE_TRUSTED_ORIGINS: value },
      })
      let stderr = ''
      server.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk
      })
      const [code] = await once(server, 'exit')
      expect(code, stderr).not.toBe(0)
      expect(stderr).toContain(`actionRoute: \`trustedOrigins\` takes origins as browsers send them ("https://pay.example") or "*", got ${given}`)
    }
  })
})
