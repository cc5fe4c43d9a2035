import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nuxt } from '@nuxt/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nitroMajorOf, pickServerFile } from '../../src/internal/nitro-major'

/** Just what the detection reads of Nuxt: its version, and what the host says of Nitro. */
function fakeNuxt(version: string, extra: { _nitroMajor?: number, majorVersion?: number } = {}): Nuxt {
  return {
    _version: version,
    options: { _nitroMajor: extra._nitroMajor, rootDir: tmpdir(), modulesDir: [] },
    ...(extra.majorVersion !== undefined && { _nitro: { meta: { majorVersion: extra.majorVersion } } }),
  } as unknown as Nuxt
}

describe('nitroMajorOf', () => {
  it('takes the major the host declares', () => {
    expect(nitroMajorOf(fakeNuxt('4.4.2', { _nitroMajor: 3 }))).toBe(3)
    expect(nitroMajorOf(fakeNuxt('5.0.0-29830089.dc519522', { _nitroMajor: 2 }))).toBe(2)
    expect(nitroMajorOf(fakeNuxt('4.4.2', { majorVersion: 3 }))).toBe(3)
  })

  it('falls back on the Nuxt major when no nitro package resolves: Nitro 3 from Nuxt 5 on', () => {
    expect(nitroMajorOf(fakeNuxt('5.0.0-29830089.dc519522'))).toBe(3)
  })
})

describe('pickServerFile', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nitro-major-'))
    await writeFile(join(dir, 'index.js'), '')
    await writeFile(join(dir, 'h3-v2.ts'), '')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('gives Nitro 2 the nitro2 file and Nitro 3 the nitro3 file, whatever its extension', () => {
    const variants = { nitro2: join(dir, 'index'), nitro3: join(dir, 'h3-v2') }
    expect(pickServerFile(2, variants)).toBe(variants.nitro2)
    expect(pickServerFile(3, variants)).toBe(variants.nitro3)
  })

  it('gives Nitro 3 the nitro2 file while the nitro3 one does not exist', () => {
    expect(pickServerFile(3, { nitro2: join(dir, 'index'), nitro3: join(dir, 'not-built-yet') })).toBe(join(dir, 'index'))
  })
})
