import { link, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname } from 'pathe'
import { CliError } from './cli-error'

/**
 * Writes `contents` to a temporary file beside `path`, then moves it into
 * place, so a reader never sees half a file. Without `force` an existing file
 * is left alone and the write is refused (a hard link makes that check and the
 * move one step where the file system allows it).
 * @example
 * await writeFileAtomic('/app/server/api/hello.get.ts', 'export default ...', { force: false })
 */
export async function writeFileAtomic(path: string, contents: string, options: { force: boolean, display?: string, hint?: string }): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  // unique enough beside the flag 'wx', which refuses a name already taken; node:crypto would add ~7 ms of start-up
  const temporary = `${path}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`
  await writeFile(temporary, contents, { flag: 'wx' })
  try {
    if (options.force) {
      await rename(temporary, path)
      return
    }
    try {
      await link(temporary, path)
    }
    catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyExists(options.display ?? path, options.hint)
      // no hard links here (some network and Windows drives): check, then move
      if (await exists(path)) throw alreadyExists(options.display ?? path, options.hint)
      await rename(temporary, path)
    }
  }
  finally {
    await rm(temporary, { force: true })
  }
}

/** True when something exists at `path`. */
export async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false)
}

/**
 * The refusal for a file that is already there; `hint` says how to overwrite it
 * where the refusal is shown.
 * @example
 * alreadyExists('server/api/hello.get.ts', 'pass --force to overwrite it').message
 * // 'server/api/hello.get.ts already exists: pass --force to overwrite it.'
 */
export function alreadyExists(display: string, hint = 'pass --force to overwrite it'): CliError {
  return new CliError(`${display} already exists: ${hint}.`, { code: 'FILE_EXISTS' })
}
