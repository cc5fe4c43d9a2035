import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import type { Nuxt } from '@nuxt/schema'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, defineEventHandler, toNodeListener } from 'h3'
import { createDevtoolsGuard, DEVTOOLS_TOKEN_HEADER } from '../../src/runtime/devtools/internal/create-devtools-guard'
import { devtoolsMajorOf, viteDevtoolsAuthFile } from '../../src/devtools/internal/devtools-auth'

// what Vite DevTools (Nuxt DevTools 4) keeps in ~/.vite/devtools/auth.json once a browser typed the printed code
const ISSUED = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
const FILE_TOKEN = 'devtools3-token-0123456789'
let dir: string
let store: string
let url: string
let close: () => Promise<void>

async function writeStore(trusted: Record<string, unknown>): Promise<void> {
  await writeFile(store, JSON.stringify({ trusted }))
}

async function status(token?: string): Promise<number> {
  const response = await fetch(`${url}/__action-route/api/routes`, { headers: token === undefined ? {} : { [DEVTOOLS_TOKEN_HEADER]: token } })
  return response.status
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'action-route-devtools4-'))
  store = join(dir, 'auth.json')
  await writeFile(join(dir, 'dev-auth-token.txt'), FILE_TOKEN)
  const app = createApp()
  app.use(createDevtoolsGuard({ base: '/__action-route', tokenFile: join(dir, 'dev-auth-token.txt'), trustedTokensFile: store, requireToken: true }))
  app.use(defineEventHandler(() => ({ routes: ['/api/secret-route'] })))
  const http = createServer(toNodeListener(app))
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  close = () => new Promise(resolve => http.close(() => resolve()))
})

afterAll(async () => {
  await close?.()
  await rm(dir, { recursive: true, force: true })
})

describe('the guard on Nuxt DevTools 4: browsers it authorised', () => {
  it('answers a token DevTools 4 issued and still trusts', async () => {
    await writeStore({ [ISSUED]: { authToken: ISSUED, ua: 'Chrome', origin: 'http://127.0.0.1:3000', timestamp: 1 } })
    expect(await status(ISSUED)).toBe(200)
  })

  it('refuses it once DevTools 4 revoked it (the store is read at each request)', async () => {
    await writeStore({})
    expect(await status(ISSUED)).toBe(403)
  })

  it('refuses no token, a made-up one, a prefix, and an entry DevTools cleared', async () => {
    await writeStore({ [ISSUED]: { authToken: ISSUED, ua: 'Chrome', origin: '', timestamp: 1 }, cleared: null })
    expect(await status()).toBe(403)
    expect(await status('f'.repeat(32))).toBe(403)
    expect(await status(ISSUED.slice(0, 16))).toBe(403)
    expect(await status('cleared')).toBe(403)
  })

  it('refuses everything but the token file when the store is missing or not JSON', async () => {
    await writeFile(store, '{ not json')
    expect(await status(ISSUED)).toBe(403)
    await rm(store)
    expect(await status(ISSUED)).toBe(403)
    expect(await status(FILE_TOKEN)).toBe(200)
  })

  it('takes the panel\'s two tokens, comma-separated, when one of them is known, and looks at two at most', async () => {
    await writeStore({ [ISSUED]: { authToken: ISSUED, ua: 'Chrome', origin: '', timestamp: 1 } })
    expect(await status(`stale-devtools3-token, ${ISSUED}`)).toBe(200)
    expect(await status(`${FILE_TOKEN}, stale`)).toBe(200)
    expect(await status('stale-1, stale-2')).toBe(403)
    expect(await status(`stale-1, stale-2, ${ISSUED}`)).toBe(403)
  })
})

describe('the guard on Nuxt DevTools 3: no store given', () => {
  it('ignores DevTools 4\'s store, however it is filled', async () => {
    const app = createApp()
    app.use(createDevtoolsGuard({ base: '/__action-route', tokenFile: join(dir, 'dev-auth-token.txt'), requireToken: true }))
    app.use(defineEventHandler(() => ({ ok: true })))
    const http = createServer(toNodeListener(app))
    await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve))
    try {
      await writeStore({ [ISSUED]: { authToken: ISSUED, ua: 'Chrome', origin: '', timestamp: 1 } })
      const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/__action-route/api/routes`
      expect((await fetch(base, { headers: { [DEVTOOLS_TOKEN_HEADER]: ISSUED } })).status).toBe(403)
      expect((await fetch(base, { headers: { [DEVTOOLS_TOKEN_HEADER]: FILE_TOKEN } })).status).toBe(200)
    }
    finally {
      await new Promise(resolve => http.close(() => resolve(undefined)))
    }
  })
})

describe('which store the module hands the guard', () => {
  it('reads DevTools 4\'s store in the home folder, where Vite DevTools keeps it', () => {
    expect(viteDevtoolsAuthFile()).toBe(`${homedir()}/.vite/devtools/auth.json`)
  })

  it('finds the DevTools major next to Nuxt or the app, and none when DevTools is not installed', async () => {
    const appDir = join(dir, 'app/node_modules/nuxt/dist/app')
    await mkdir(appDir, { recursive: true })
    const nuxt = { options: { appDir, rootDir: join(dir, 'app') } } as unknown as Nuxt
    expect(devtoolsMajorOf(nuxt)).toBeUndefined()
    await mkdir(join(dir, 'app/node_modules/nuxt/node_modules/@nuxt/devtools'), { recursive: true })
    await writeFile(join(dir, 'app/node_modules/nuxt/node_modules/@nuxt/devtools/package.json'), JSON.stringify({ version: '4.0.0-beta.2' }))
    expect(devtoolsMajorOf(nuxt)).toBe(4)
  })
})
