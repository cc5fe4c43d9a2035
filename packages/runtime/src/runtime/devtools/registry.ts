import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ActionInfo, RouteInfo } from '@action-route/devtools/types'
import { describeSchemaOnce } from './internal/describe-schema-once'
import { matchRoute, routeSpecificity } from './internal/match-route'

/** One route file as the virtual module lists it. */
export interface RouteEntry {
  route: string
  method: string
  file: string
  relativeFile: string
  load: () => Promise<{ default?: unknown }>
}

/** What `defineAction` puts on its handler. */
interface ActionDescriptor {
  input?: StandardSchemaV1
  params?: StandardSchemaV1
  outputSchema?: StandardSchemaV1
  /** A streaming action's events; missing on actions defined by an older runtime. */
  eventSchema?: StandardSchemaV1
  /** True when the action streams; missing on actions defined by an older runtime. */
  stream?: boolean
  middleware: readonly ((...args: never[]) => unknown)[]
  metadata: Record<string, unknown>
  /** Missing on actions defined by an older runtime. */
  errors?: Readonly<Record<string, { statusCode: number, message?: string }>>
  maxBodySize?: number
  maxFormFields?: number
  maxFormFiles?: number
}

/** The `'~action'` descriptor of a route module's default export, when it is an action. */
export function actionDescriptorOf(mod: { default?: unknown } | undefined): ActionDescriptor | undefined {
  const handler = mod?.default as { '~action'?: ActionDescriptor } | undefined
  const descriptor = handler && (typeof handler === 'function' || typeof handler === 'object') ? handler['~action'] : undefined
  return descriptor && typeof descriptor === 'object' ? descriptor : undefined
}

/** Stable id of a route: `METHOD /pattern`. */
export function routeId(entry: Pick<RouteEntry, 'method' | 'route'>): string {
  return `${entry.method ? entry.method.toUpperCase() : 'ANY'} ${entry.route}`
}

/** Names of a pattern's dynamic segments (`/api/todos/:id` gives `['id']`). */
export function paramNamesOf(route: string): string[] {
  return route.split('/').filter(segment => segment.startsWith(':') || segment.startsWith('**:')).map(segment => segment.replace(/^\*\*:|^:/, ''))
}

/**
 * Loads every route file and describes it: actions with their metadata,
 * middleware names, declared errors and JSON Schemas (a streaming action's
 * event schema too, and its `stream` flag), other routes as plain routes. A file
 * that fails to load is listed with its error rather than hiding the rest.
 */
export async function describeRoutes(entries: readonly RouteEntry[]): Promise<RouteInfo[]> {
  const described = await Promise.all(entries.map(async (entry): Promise<RouteInfo> => {
    const base = {
      id: routeId(entry),
      method: entry.method ? entry.method.toUpperCase() : 'ANY',
      route: entry.route,
      file: entry.file,
      relativeFile: entry.relativeFile,
      paramNames: paramNamesOf(entry.route),
    }
    try {
      const descriptor = actionDescriptorOf(await entry.load())
      if (!descriptor) return { ...base, isAction: false }
      return { ...base, isAction: true, action: await describeAction(descriptor) }
    }
    catch (error) {
      return { ...base, isAction: false, loadError: error instanceof Error ? error.message : String(error) }
    }
  }))
  return described.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method))
}

async function describeAction(descriptor: ActionDescriptor): Promise<ActionInfo> {
  const [input, params, output, event] = await Promise.all([
    describeSchemaOnce(descriptor.input, 'input'),
    describeSchemaOnce(descriptor.params, 'input'),
    describeSchemaOnce(descriptor.outputSchema, 'output'),
    describeSchemaOnce(descriptor.eventSchema, 'output'),
  ])
  return {
    metadata: toPlainJson(descriptor.metadata ?? {}) as Record<string, unknown>,
    middleware: (descriptor.middleware ?? []).map((fn, index) => fn.name || `middleware #${index + 1}`),
    ...(input && { input }),
    ...(params && { params }),
    ...(output && { output }),
    ...((descriptor.stream === true || event) && { stream: true }),
    ...(event && { event }),
    ...(descriptor.maxBodySize !== undefined && { maxBodySize: descriptor.maxBodySize }),
    ...(descriptor.errors && Object.keys(descriptor.errors).length > 0 && { errors: declaredErrorsOf(descriptor.errors) }),
  }
}

/** The declared errors as the panel lists them: a plain copy, by code. */
function declaredErrorsOf(errors: NonNullable<ActionDescriptor['errors']>): NonNullable<ActionInfo['errors']> {
  return Object.fromEntries(Object.entries(errors).map(([code, { statusCode, message }]) =>
    [code, message === undefined ? { statusCode } : { statusCode, message }]))
}

/**
 * The entry that answers a request, as h3's router would pick it: exact
 * method before a method-less file, static segments before dynamic ones.
 */
export function findRouteEntry<T extends Pick<RouteEntry, 'route' | 'method'>>(entries: readonly T[], method: string, path: string): { entry: T, params: Record<string, string> } | undefined {
  const wanted = method.toLowerCase()
  let best: { entry: T, params: Record<string, string>, rank: number[] } | undefined
  for (const entry of entries) {
    if (entry.method && entry.method !== wanted) continue
    const params = matchRoute(entry.route, path)
    if (!params) continue
    const rank = [...routeSpecificity(entry.route), entry.method ? 1 : 0]
    if (!best || compareRanks(rank, best.rank) > 0) best = { entry, params, rank }
  }
  return best && { entry: best.entry, params: best.params }
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1)
    if (difference !== 0) return difference
  }
  return 0
}

/** Metadata may hold anything; the panel gets what JSON can carry. */
function toPlainJson(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value, (_key, inner) => typeof inner === 'bigint' ? inner.toString() : typeof inner === 'function' ? `[function ${inner.name || 'anonymous'}]` : inner)) ?? null
  }
  catch {
    return { error: 'metadata is not serialisable' }
  }
}
