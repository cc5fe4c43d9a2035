/** A file a template produces: where it goes (relative to the project root) and what it holds. */
export interface TemplateFile {
  path: string
  contents: string
}

/** The HTTP methods a route file name can end with. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head'

/** The schema libraries the bundled templates know, and `none` for a route without a schema. */
export type SchemaLibrary = 'zod' | 'valibot' | 'arktype' | 'none'

/** A shared middleware a route imports from the server's utils folder. */
export interface SharedMiddleware {
  /** As typed on the command line, also the file name: `require-user`. */
  name: string
  /** The exported constant: `requireUser`. */
  exportName: string
  /** From the route file to the middleware file, without extension: `../../utils/require-user`. */
  importPath: string
}

/** What the route template gets. */
export interface RouteTemplateOptions {
  /** The folder the route goes in, relative to the project root: `server/api`. */
  dir: string
  /** The route path without method: `todos/[id]`. */
  route: string
  method: RouteMethod
  /** The URL the route answers, in h3 router syntax: `/api/todos/:id`. */
  url: string
  schema: SchemaLibrary
  /** Names of the dynamic segments, in order: `['id']`. */
  params: string[]
  /** Shared middleware to import; empty means the route gets its own middleware stub. */
  middleware: SharedMiddleware[]
  /** The input inferred from JSON examples (`--example`); without it the input is a stub. */
  input?: InferredInput
  /**
   * `--stream`: a streaming action, whose `async* handler` yields events (sent as server-sent events)
   * and returns the final data, with an `eventSchema` stub. Missing in sets older than it: read it as false.
   */
  stream?: boolean
}

/**
 * The type of a JSON value, as inferred from examples. `never` stands for the
 * items of arrays that were always empty; it renders as unknown.
 */
export type InputShape
  = | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'unknown' | 'never' }
    | { kind: 'array', items: InputShape }
    | { kind: 'object', fields: InputField[] }
    | { kind: 'union', options: InputShape[] }

/** One key of an inferred object: optional when some examples lack it. */
export interface InputField {
  key: string
  shape: InputShape
  optional: boolean
}

/** An input schema inferred from examples, and the examples it came from. */
export interface InferredInput {
  shape: InputShape
  examples: unknown[]
}

/** What the middleware template gets. */
export interface MiddlewareTemplateOptions {
  /** The file to write, relative to the project root: `server/utils/auth.ts`. */
  path: string
  name: string
  exportName: string
  /**
   * The h3 major of the app's server: 2 from Nuxt 5 on, where h3's helpers such as
   * `getRequestHeader` are no longer auto-imported. Missing in sets older than it: read it as 1.
   */
  h3Major?: 1 | 2
}

/** The code one schema library contributes to a route file. */
export interface SchemaSnippets {
  /** Import line, or empty. */
  imports: string
  /** An object schema with one string per dynamic segment, or empty. */
  params: string
  /** The input schema for the method, or empty. */
  input: string
  /** One line saying what input looks like, for the comment above it. */
  inputExample: string
  /** The schema of a streaming action's events (`{ index, text }`), or empty. */
  event: string
}

/** A schema template: the snippets for a route's params and method, and its input when inferred from examples. */
export type SchemaTemplate = (options: { params: string[], method: RouteMethod, input?: InputShape }) => SchemaSnippets

/** A set of templates: the bundled one, or one pulled with `--template`. */
export interface TemplateSet {
  route: (options: RouteTemplateOptions) => TemplateFile
  middleware: (options: MiddlewareTemplateOptions) => TemplateFile
}
