import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
/** The packages published to the registry (none is private), by folder. */
const PUBLISHED = ['runtime', 'cli', 'devtools']

interface PackageJson {
  name: string
  private?: boolean
  license?: string
  repository?: { type?: string, url?: string, directory?: string }
  homepage?: string
  keywords?: string[]
}

describe('what each published package carries', () => {
  it.each(PUBLISHED)('packages/%s: its tarball holds README.md and LICENSE, and its package.json says where it comes from', async (folder) => {
    const dir = `${root}packages/${folder}`
    const manifest = JSON.parse(await readFile(`${dir}/package.json`, 'utf8')) as PackageJson
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(manifest.repository).toEqual({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/.+\.git$/), directory: `packages/${folder}` })
    expect(manifest.homepage).toMatch(/^https:\/\//)
    expect(manifest.keywords).toEqual(expect.arrayContaining(['nuxt']))
    // what npm would publish, without building (prepack): the files npm always adds are there
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir })
    const [pack] = JSON.parse(stdout) as [{ name: string, files: { path: string }[] }]
    expect(pack.name).toBe(manifest.name)
    expect(pack.files.map(file => file.path)).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']))
    expect(await readFile(`${dir}/LICENSE`, 'utf8')).toBe(await readFile(`${root}LICENSE`, 'utf8'))
  }, 60_000)

  it('the repository has the MIT license of its contributors', async () => {
    const license = await readFile(`${root}LICENSE`, 'utf8')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Action Route contributors\n/)
  })
})
