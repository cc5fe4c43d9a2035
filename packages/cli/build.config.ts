import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'pathe'
import { defineBuildConfig } from 'unbuild'

// What every run loads before it writes a file. Inlined, they are a few files
// in dist instead of four packages to resolve through node_modules, which took
// about 20 ms of each run's start-up (the CLI rows of docs/benchmarks.md).
// giget, jiti, magicast and tinyglobby load only when a run needs them, so they
// stay dependencies.
const inlined = ['citty', 'consola', 'pathe', 'scule']

// the inlined packages' licences travel with the code taken from them
async function writeInlinedLicences(outDir: string) {
  const sections = await Promise.all(inlined.map(async (name) => {
    // devDependencies, so linked here; not every one exports its package.json
    const root = join(import.meta.dirname, 'node_modules', name)
    const { version, license } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string, license: string }
    return `## ${name} ${version} (${license})\n\n${(await readFile(join(root, 'LICENSE'), 'utf8')).trim()}\n`
  }))
  await writeFile(join(outDir, 'THIRD-PARTY-LICENSES.md'), `# Code inlined into this package's dist\n\n${sections.join('\n')}`)
}

// templates/ sits outside the package: rollup inlines it, so the CLI works offline
export default defineBuildConfig({
  entries: ['src/index'],
  declaration: 'node16',
  clean: true,
  rollup: {
    emitCJS: false,
    inlineDependencies: inlined,
    // consola's default export condition is its browser build, which has no terminal reporter
    resolve: { exportConditions: ['node', 'production'] },
  },
  hooks: {
    'build:done': ctx => writeInlinedLicences(ctx.options.outDir),
  },
})
