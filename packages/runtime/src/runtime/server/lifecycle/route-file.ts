// set by the line the Nuxt module's build adds around each server route file (src/routes/internal/mark-route-files.ts)
let current: string | undefined

/**
 * Marks the route file whose module body runs now (`undefined` once it has
 * run), so an action defined in it can name it. Called only by the code the
 * Nuxt module's build adds to each route file.
 * @example
 * enterRouteFile('server/api/todos.get.ts')
 */
export function enterRouteFile(file: string | undefined): void {
  current = file
}

/**
 * The route file being loaded, as the build named it; undefined outside a
 * Nuxt app's route file (a plain h3 app, a test).
 * @example
 * currentRouteFile() // 'server/api/todos.get.ts'
 */
export function currentRouteFile(): string | undefined {
  return current
}
