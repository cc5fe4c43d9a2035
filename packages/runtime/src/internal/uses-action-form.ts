import { readFile } from 'node:fs/promises'
import { glob } from 'tinyglobby'

/**
 * Whether the app's own code (each layer's `srcDir`) calls `useActionForm`. A
 * build adds the no-JavaScript form middleware to the server only then, so an
 * app without forms ships none of it; `actionRoute.forms` overrides the guess.
 * @example
 * if (await usesActionForm(nuxt.options._layers.map(layer => layer.config.srcDir))) addFormMiddleware()
 */
export async function usesActionForm(srcDirs: string[]): Promise<boolean> {
  for (const cwd of new Set(srcDirs)) {
    const files = await glob(['**/*.{vue,ts,tsx,js,jsx,mjs,mts}'], {
      cwd,
      absolute: true,
      ignore: ['**/node_modules/**', '**/.nuxt/**', '**/.output/**', '**/dist/**', '**/.data/**'],
    })
    for (const file of files) {
      if ((await readFile(file, 'utf8')).includes('useActionForm')) return true
    }
  }
  return false
}
