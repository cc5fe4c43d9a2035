/** Default largest body, in bytes (1 MiB). */
export const DEFAULT_MAX_BODY_SIZE = 1024 * 1024

/** Default most entries of a form body (urlencoded or multipart), files included. */
export const DEFAULT_MAX_FORM_FIELDS = 1000

/** Default most files of a multipart body. */
export const DEFAULT_MAX_FORM_FILES = 10

/** Default deepest nesting of a JSON body: `[]` and `{}` are one level. */
export const DEFAULT_MAX_JSON_DEPTH = 128

/** The limits on what a client may send, each settable per action and module-wide. */
export interface InputLimits {
  /** Largest accepted body in bytes. */
  maxBodySize: number
  /** Most entries of a form body, files included. */
  maxFormFields: number
  /** Most files of a multipart body. */
  maxFormFiles: number
  /** Deepest nesting of a JSON body. */
  maxJsonDepth: number
}

/** Module-wide defaults, set once at start-up by the Nuxt module's Nitro plugin. */
export const actionDefaults: InputLimits = {
  maxBodySize: DEFAULT_MAX_BODY_SIZE,
  maxFormFields: DEFAULT_MAX_FORM_FIELDS,
  maxFormFiles: DEFAULT_MAX_FORM_FILES,
  maxJsonDepth: DEFAULT_MAX_JSON_DEPTH,
}

const limitNames = ['maxBodySize', 'maxFormFields', 'maxFormFiles', 'maxJsonDepth'] as const

/**
 * Validates the input limits of an options object (each a whole number, 0 or
 * more, or left out); throws a TypeError naming where they came from and the
 * value given.
 * @example
 * assertInputLimits({ maxBodySize: 'abc' }, 'actionRoute')
 * // TypeError: actionRoute: `maxBodySize` must be a whole number of bytes (0 or more), got "abc"
 */
export function assertInputLimits(options: Partial<Record<keyof InputLimits, unknown>>, source: string): void {
  for (const name of limitNames) {
    const value = options[name]
    if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) continue
    const given = typeof value === 'string' ? JSON.stringify(value) : String(value)
    throw new TypeError(`${source}: \`${name}\` must be a whole number${name === 'maxBodySize' ? ' of bytes' : ''} (0 or more), got ${given}`)
  }
}

/** Sets the module-wide defaults (called by the Nuxt module at start-up); all are checked before any is set. */
export function setActionDefaults(defaults: Partial<InputLimits>): void {
  assertInputLimits(defaults, 'actionRoute')
  for (const name of limitNames) {
    const value = defaults[name]
    if (value !== undefined) actionDefaults[name] = value
  }
}
