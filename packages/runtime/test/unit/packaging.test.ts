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
  repository?: string | { type?: string, url?: string, directory?: string }
  homepage?: string
  bugs?: unknown
  keywords?: string[]
}

describe('what each published package carries', () => {
  it.each(PUBLISHED)('packages/%s: its tarball holds README.md and LICENSE, and its package.json names no repository but the root one', async (folder) => {
    const dir = `${root}packages/${folder}`
    const manifest = JSON.parse(await readFile(`${dir}/package.json`, 'utf8')) as PackageJson
    const rootManifest = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as PackageJson
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    // the root package.json is the one place the repository is written; a package names it only when it is set
    if (!rootManifest.repository) expect([manifest.repository, manifest.homepage, manifest.bugs]).toEqual([undefined, undefined, undefined])
    else expect(manifest.repository).toEqual({ type: 'git', url: typeof rootManifest.repository === 'string' ? rootManifest.repository : rootManifest.repository.url, directory: `packages/${folder}` })
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
