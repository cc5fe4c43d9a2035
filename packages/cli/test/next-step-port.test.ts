import { beforeEach, describe, expect, it, vi } from 'vitest'
import { add, createApp, printed } from './helpers'

beforeEach(() => {
  for (const name of ['NUXT_PORT', 'NITRO_PORT', 'PORT']) vi.stubEnv(name, '')
})

describe('the "Next" curl create-action prints', () => {
  it('says the port nuxt.config gives devServer', async () => {
    const app = await createApp({ config: 'export default defineNuxtConfig({\n  devServer: { port: 4123 },\n})\n' })
    await add(app, 'todos/index.get')
    expect(printed()).toContain('curl http://localhost:4123/api/todos')
  })

  it('says https when devServer turns it on', async () => {
    const app = await createApp({ config: 'export default defineNuxtConfig({ devServer: { https: true, port: 8443 } })\n' })
    await add(app, 'ping.get')
    expect(printed()).toContain('curl https://localhost:8443/api/ping')
  })

  it('takes the port from NUXT_PORT, NITRO_PORT or PORT first, as nuxi dev does', async () => {
    const app = await createApp({ config: 'export default defineNuxtConfig({ devServer: { port: 4123 } })\n' })
    vi.stubEnv('PORT', '5000')
    await add(app, 'a.get')
    expect(printed()).toContain('curl http://localhost:5000/api/a')
    vi.stubEnv('NITRO_PORT', '5001')
    await add(app, 'b.get')
    expect(printed()).toContain('curl http://localhost:5001/api/b')
    vi.stubEnv('NUXT_PORT', '5002')
    await add(app, 'c.get')
    expect(printed()).toContain('curl http://localhost:5002/api/c')
  })

  it('says 3000 when nothing gives a port, or the config sets it in code', async () => {
    const app = await createApp({ config: 'export default defineNuxtConfig({ devServer: { port: Number(process.env.MY_PORT) } })\n' })
    await add(app, 'todos/index.get')
    expect(printed()).toContain('curl http://localhost:3000/api/todos')
  })
})
