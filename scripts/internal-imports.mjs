#!/usr/bin/env node
// Fails when a file imports another folder's internals. A folder's `internal/` is private to that folder and the
// folders inside it; everything else imports the folder's public face (its root files). Every import form counts:
// static, `import type`, `import()`, `export ... from` (read by scripts/import-graph.mjs). Tests may import internals.
//
//   node scripts/internal-imports.mjs          checks packages/*/src; exits 1 and prints each reach into internals
//   node scripts/internal-imports.mjs DIR...   checks these folders instead
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldersFromArgs, readImports, root } from './import-graph.mjs'

/**
 * Folders whose internal/ others still reach into while that folder is being given its public face: their
 * reaches are printed, and do not fail the check. Empty since issue 40 gave the client its folders.
 * @type {string[]}
 */
export const PENDING_FOLDERS = []

/** The folder whose `internal/` holds a file, for its innermost `internal` folder; undefined outside any. */
export function internalOwnerOf(file) {
  const segments = dirname(file).split(sep)
  const at = segments.lastIndexOf('internal')
  return at < 1 ? undefined : segments.slice(0, at).join(sep)
}

/**
 * Each import of a file outside a folder into that folder's `internal/`, as the importing file, the specifier as
 * written and the folder reached into.
 * @example
 * findInternalReaches(readImports(['packages/runtime/src'])) // [{ file, specifier, folder }]
 */
export function findInternalReaches(imports) {
  const reaches = []
  for (const [file, found] of imports) {
    for (const { specifier, target } of found) {
      const folder = internalOwnerOf(target)
      if (folder !== undefined && !file.startsWith(folder + sep)) reaches.push({ file, specifier, folder })
    }
  }
  return reaches
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = foldersFromArgs(process.argv.slice(2))
  const found = findInternalReaches(readImports(folders))
  const pending = found.filter(({ folder }) => PENDING_FOLDERS.includes(relative(root, folder)))
  const reaches = found.filter(reach => !pending.includes(reach))
  if (pending.length > 0) {
    console.log(`${pending.length} pending import(s) into ${PENDING_FOLDERS.join(', ')} (not failing until their public face is there):`)
    for (const { file, specifier, folder } of pending) console.log(`  ${relative(root, file)} imports '${specifier}': internal/ of ${relative(root, folder)}/`)
  }
  if (reaches.length === 0) {
    console.log(`No reach into another folder's internal/ in ${folders.map(folder => relative(root, folder)).join(', ')}`)
  }
  else {
    console.error(`${reaches.length} import(s) reach into another folder's internal/. Import that folder's public face (a file at its root) instead:`)
    for (const { file, specifier, folder } of reaches) {
      console.error(`  ${relative(root, file)} imports '${specifier}': internal/ of ${relative(root, folder)}/`)
    }
    process.exitCode = 1
  }
}
