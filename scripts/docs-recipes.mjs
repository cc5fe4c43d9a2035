#!/usr/bin/env node
// Builds the "recipes app": the walkthrough (docs/getting-started.md) followed literally, then every recipe of
// docs/recipes applied on top of it in order (a later whole file replaces an earlier one), with scripts/docs-app.mjs.
// One app for all recipes, so CI builds once: `nuxi typecheck` (the walkthrough's own command) and `nuxi build`.
// Its lock is its own (`docs-recipes`), since recipes install more packages than the walkthrough.
//
//   node scripts/docs-recipes.mjs <dir>                          builds the app into <dir> (empty or missing)
//   ACTION_ROUTE_LOCKS=update node scripts/docs-recipes.mjs <dir>   refreshes scripts/locks/docs-recipes.package-lock.json
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDocsApp, buildNuxtApp, typecheckNuxtApp } from './docs-app.mjs'

/** The recipe pages, in the order the recipes app applies them (the sidebar's): their labelled blocks are its files. */
export const RECIPE_PAGES = [
  'docs/recipes/sessions-and-auth.md',
  'docs/recipes/database.md',
  'docs/recipes/uploads.md',
  'docs/recipes/streaming-ai-reply.md',
  'docs/recipes/idempotent-payments.md',
  'docs/recipes/rate-limits.md',
  'docs/recipes/pinia-colada.md',
]

/** The committed lock of the recipes app. */
export const RECIPES_LOCK = 'docs-recipes'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * Builds the recipes app into `dir`: the walkthrough's pages and then every recipe, type-checked and built.
 * @param {string} dir an empty or missing folder
 * @returns {{ node: string, files: string[], lockLine: string }} the Node it ran on, the files written, the lock's line
 * @example
 * const { node } = buildRecipesApp('/tmp/recipes/todos')
 */
export function buildRecipesApp(dir) {
  const pages = ['docs/getting-started.md', ...RECIPE_PAGES].map(page => resolve(root, page))
  const result = buildDocsApp(pages, dir, { lock: RECIPES_LOCK })
  if (!result.commands.some(command => command.kind === 'typecheck')) typecheckNuxtApp(dir, result.node)
  buildNuxtApp(dir, result.node)
  return { node: result.node, files: result.files, lockLine: result.lockLine }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('Usage: node scripts/docs-recipes.mjs <dir>')
    process.exit(2)
  }
  const started = Date.now()
  const result = buildRecipesApp(resolve(dir))
  console.log(`${result.files.length} files (${result.lockLine}), built in ${Math.round((Date.now() - started) / 1000)} s: ${resolve(dir)}`)
}
