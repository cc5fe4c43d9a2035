import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'

describe('module options through runtime config', () => {
  it('NUXT_ACTION_ROUTE_MAX_BODY_SIZE overrides actionRoute.maxBodySize when the built server starts', async () => {
    const fixtureDir = inject('fixtureDir')
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    const server = spawn(process.env.E2E_NODE || process.execPath, [join(fixtureDir, '.output/server/index.mjs')], {
      stdio: 'ignore',
      env: { ...process.env, NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1', NUXT_ACTION_ROUTE_MAX_BODY_SIZE: '16' },
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
      const send = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      const over = await send('{"text":"seventeen bytes+"}')
      expect(over.status).toBe(413)
      expect((await over.json()).error.message).toBe('Request body is larger than 16 bytes')
      expect((await send('{"a":1}')).status).toBe(200)
    }
    finally {
      server.kill()
      await once(server, 'exit')
    }
  })
})
