import { realpath } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'pathe'

/**
 * True when `target` is `parent` or lies somewhere under it, comparing the
 * paths as written (`..` resolved, symlinks not followed).
 * @example
 * isInside('/app', '/app/server/api/x.ts') // true
 * isInside('/app', '/app/../etc/passwd') // false
 */
export function isInside(parent: string, target: string): boolean {
  const path = relative(resolve(parent), resolve(target))
  return path === '' || (!isAbsolute(path) && path !== '..' && !path.startsWith('../'))
}

/**
 * {@link isInside} on the paths the file system would use: symlinks of `parent`
 * and of the nearest existing folder above `target` are followed, so a link in
 * `server/api` that points out of the app is outside, whatever the path says.
 * @example
 * // server/api/out -> /tmp
 * await isReallyInside('/app/server/api', '/app/server/api/out/x.get.ts') // false
 */
export async function isReallyInside(parent: string, target: string): Promise<boolean> {
  return isInside(await realPathOfExisting(parent), await realPathOfExisting(target))
}

/** The real path of `path`, or of its nearest existing ancestor with the rest of the path added back. */
async function realPathOfExisting(path: string): Promise<string> {
  const missing: string[] = []
  let current = resolve(path)
  for (;;) {
    try {
      return join(await realpath(current), ...missing.reverse())
    }
    catch {
      const parent = dirname(current)
      if (parent === current) return resolve(path)
      missing.push(basename(current))
      current = parent
    }
  }
}
