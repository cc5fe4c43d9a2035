import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/**
 * The `nuxt` bin an app resolves: the nearest `node_modules/nuxt` from the app up.
 * @example
 * spawn(process.execPath, [findNuxtBin(appDir), 'build', appDir])
 */
export function findNuxtBin(appDir: string): string {
  for (let dir = appDir; ; dir = resolve(dir, '..')) {
    const candidate = join(dir, 'node_modules/nuxt/bin/nuxt.mjs')
    if (existsSync(candidate)) return candidate
    if (dir === resolve(dir, '..')) throw new Error(`nuxt is not installed for ${appDir}`)
  }
}

/**
 * Collects a child's stdout and stderr; the returned function reads what came so far, without colour codes
 * (a bundler's error frame is unreadable in a test report otherwise).
 * @example
 * const log = collectOutput(child)
 * throw new Error(log().slice(-4000))
 */
export function collectOutput(child: ChildProcess): () => string {
  let log = ''
  const append = (chunk: Buffer) => {
    log += chunk
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  return () => stripVTControlCharacters(log)
}

/**
 * Ends a child with SIGTERM, and SIGKILL after 5 s.
 * @example
 * await stopProcess(server)
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise(done => setTimeout(done, 5000))])
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL')
    await exited
  }
}
