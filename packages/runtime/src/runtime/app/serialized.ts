type JsonPrimitive = string | number | boolean | null
// what JSON.stringify leaves out of an object, and writes as null in an array
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Dropped = undefined | symbol | Function
// objects whose content JSON.stringify does not see (not own enumerable fields): it writes `{}`
type Opaque = Map<unknown, unknown> | Set<unknown> | WeakMap<object, unknown> | WeakSet<object> | Blob | RegExp | Error
type IsAny<T> = 0 extends 1 & T ? true : false

/** An array item: what JSON drops from an object becomes null in an array. */
type SerializedItem<T> = T extends Dropped ? null : Serialized<T>

/** The keys JSON keeps: string keys whose value is not always dropped. */
type KeptKeys<T> = { [K in keyof T]-?: K extends string ? [T[K]] extends [Dropped] ? never : K : never }[keyof T]

/**
 * What a value becomes after `JSON.stringify` then `JSON.parse`, as the
 * client receives an action's `data`, following the serialisation types of
 * Nuxt's own `$fetch`: a `Date` (anything with `toJSON`) becomes what
 * `toJSON` returns (a string), a `Map`, `Set`, `Blob` (a `File`), `RegExp` or
 * `Error` an empty object, a class
 * instance its own fields without its methods; object keys holding
 * functions, symbols or `undefined` are dropped, and in an array they become
 * `null`. A `bigint` cannot be sent at all (the action answers
 * INTERNAL_ERROR), so it has no type: `never`.
 * @example
 * type Row = Serialized<{ when: Date, tags: Set<string>, note?: string, save: () => void }>
 * // { when: string, tags: Record<string, never>, note?: string }
 */
export type Serialized<T> = IsAny<T> extends true ? any // eslint-disable-line @typescript-eslint/no-explicit-any
  : unknown extends T ? unknown
    : T extends JsonPrimitive ? T
      : T extends undefined ? undefined
        : T extends bigint | symbol | Dropped ? never
          : T extends { toJSON: (...args: never[]) => infer R } ? Serialized<R>
            : T extends Opaque ? Record<string, never>
              : T extends readonly [] ? []
                : T extends readonly [unknown, ...unknown[]] ? { -readonly [K in keyof T]: SerializedItem<T[K]> }
                  : T extends ReadonlyArray<infer I> ? SerializedItem<I>[]
                    : T extends object ? { -readonly [K in keyof T as K extends KeptKeys<T> ? K : never]: Serialized<T[K]> }
                      : never
