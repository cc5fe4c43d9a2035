import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { checkLock, lockMode, placeLock } from '../install-lock.mjs'

const locks = resolve(import.meta.dirname, '../locks')
const folders: string[] = []
const app = () => {
  const dir = mkdtempSync(join(tmpdir(), 'install-lock-'))
  folders.push(dir)
  return dir
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe.runIf(lockMode === 'pinned')('pinned installs', () => {
  it('puts the committed lock into the app, and passes an install that kept to it (ours resolved afresh)', () => {
    const dir = app()
    placeLock(dir, 'compat-nuxt5-node22-fixture', 'npm')
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
    expect(lock).toEqual(JSON.parse(readFileSync(join(locks, 'compat-nuxt5-node22-fixture.package-lock.json'), 'utf8')))
    lock.packages['node_modules/@action-route/runtime'] = { version: '0.2.0', resolved: 'file:../runtime.tgz' }
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock))
    expect(checkLock(dir, 'compat-nuxt5-node22-fixture', 'npm')).toMatch(/all from lock compat-nuxt5-node22-fixture/)
  })

  it('fails an npm install that took a version the lock does not hold, naming it', () => {
    const dir = app()
    placeLock(dir, 'compat-nuxt5-node22-fixture', 'npm')
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
    lock.packages['node_modules/vite'] = { ...lock.packages['node_modules/vite'], version: '8.4.0' }
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock))
    expect(() => checkLock(dir, 'compat-nuxt5-node22-fixture', 'npm')).toThrow(/does not hold: vite@8\.4\.0\. Refresh the lock on purpose/)
  })

  it('fails a pnpm install that took a package the lock does not hold, naming it', () => {
    const dir = app()
    placeLock(dir, 'compat-nuxt4-node22-fixture', 'pnpm')
    const lock = parse(readFileSync(join(dir, 'pnpm-lock.yaml'), 'utf8'))
    lock.packages['left-pad@9.9.9'] = { resolution: { integrity: 'sha512-x' } }
    writeFileSync(join(dir, 'pnpm-lock.yaml'), stringify(lock))
    expect(() => checkLock(dir, 'compat-nuxt4-node22-fixture', 'pnpm')).toThrow(/does not hold: left-pad@9\.9\.9/)
  })

  it('refuses an app with no committed lock, saying how to write one', () => {
    expect(() => placeLock(app(), 'no-such-app', 'npm')).toThrow(/No lock .*no-such-app.*ACTION_ROUTE_LOCKS=update/)
  })

  it('keeps our own packages out of every committed lock', () => {
    for (const name of ['compat-nuxt5-node22-dev.package-lock.json', 'compat-nuxt4-node22-dev.pnpm-lock.yaml']) {
      const text = readFileSync(join(locks, name), 'utf8')
      const ids = name.endsWith('.json')
        ? Object.keys(JSON.parse(text).packages)
        : [...Object.keys(parse(text).packages), ...Object.keys(parse(text).snapshots ?? {})]
      expect(ids.filter(id => id.includes('@action-route/'))).toEqual([])
    }
  })
})
