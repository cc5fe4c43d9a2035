import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedPlaygroundBuild } from '../../../runtime/test/helpers/playground-build'
import { startBuiltServer } from './dev-server'
import type { RunningNuxt } from './dev-server'

let outputDir: string
let app: RunningNuxt
let dataDir: string

beforeAll(async () => {
  // the playground's production build, the one its own suite and the OpenAPI check run on in the same `vitest run`
  outputDir = await sharedPlaygroundBuild()
  // the playground's built server seals sessions with a password of its own (nuxt-auth-utils makes one only in
  // nuxi dev; without it every signed-in check answers 500) and keeps its SQLite file out of the playground
  dataDir = await mkdtemp(join(tmpdir(), 'action-route-production-'))
  app = await startBuiltServer(join(outputDir, 'server/index.mjs'), { NUXT_SESSION_PASSWORD: 'production-e2e-session-password-0123456789', PLAYGROUND_DATA_DIR: dataDir })
})

afterAll(async () => {
  await app?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter(entry => entry.isFile() && /\.(?:m?js|json|html)$/.test(entry.name)).map(entry => join(entry.parentPath, entry.name))
}

async function answer(method: string, path: string) {
  const response = await fetch(`${app.baseURL}${path}`, { method })
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() }
}

// A dev endpoint must answer 404, exactly what a path that never existed gets, with none of the tooling's content.
describe('a production build of the playground', () => {
  it.each([
    ['GET', '/__action-route/api/routes'],
    ['GET', '/__action-route/api/records'],
    ['DELETE', '/__action-route/api/records'],
    ['GET', '/__action-route/api/stream'],
    ['GET', '/__action-route/api/scaffold'],
    ['POST', '/__action-route/api/actions'],
    ['GET', '/__action-route/client/'],
    ['GET', '/__action-route/client/index.html'],
  ])('has no %s %s: it answers 404, as for an unknown path', async (method, path) => {
    const unknown = await answer(method, '/__never-existed/api/routes')
    const endpoint = await answer(method, path)
    expect(endpoint.status).toBe(404)
    expect({ status: endpoint.status, type: endpoint.type }).toEqual({ status: unknown.status, type: unknown.type })
    // Nuxt's own 404 is JSON for a client that does not ask for HTML: only its content tells it apart
    expect(endpoint.type).not.toMatch(/event-stream/)
    expect(endpoint.body).not.toMatch(/"routes"|"recorder"|Action Route DevTools/)
  })

  it('still answers the actions', async () => {
    const response = await fetch(`${app.baseURL}/api/todos`)
    expect(response.status).toBe(401)
  })

  it('holds no trace of the endpoints, the recorder, the tab or the editor launcher', async () => {
    for (const file of await filesUnder(outputDir)) {
      const text = await readFile(file, 'utf8')
      expect(['__action-route', 'record-requests', 'keep-records', 'records.json', 'create-action-endpoint', '@action-route/cli', 'open-in-editor', 'launch-editor'].filter(trace => text.includes(trace)), file).toEqual([])
    }
  })
})
