import { isAbsolute, relative, resolve } from 'pathe'

/**
 * True when `target` is `parent` or lies somewhere under it.
 * @example
 * isInside('/app', '/app/server/api/x.ts') // true
 * isInside('/app', '/app/../etc/passwd') // false
 */
export function isInside(parent: string, target: string): boolean {
  const path = relative(resolve(parent), resolve(target))
  return path === '' || (!isAbsolute(path) && path !== '..' && !path.startsWith('../'))
}
