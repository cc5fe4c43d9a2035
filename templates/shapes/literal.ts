/**
 * A single-quoted JavaScript string literal for any string (quotes, backslashes,
 * line breaks and U+2028/U+2029 escaped).
 * @example
 * stringLiteral(`it's`) // "'it\\'s'"
 */
export function stringLiteral(value: string): string {
  const inner = JSON.stringify(value).slice(1, -1)
    .replace(/\\"/g, '"')
    .replace(/'/g, '\\\'')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `'${inner}'`
}

/**
 * An object key as written in code: bare when it is an identifier, quoted otherwise.
 * @example
 * propertyKey('done') // 'done'
 * propertyKey('due-date') // "'due-date'"
 */
export function propertyKey(key: string): string {
  // `__proto__: x` in an object literal sets the prototype; a computed key makes it a field
  if (key === '__proto__') return `['__proto__']`
  return /^[a-z_$][\w$]*$/i.test(key) ? key : stringLiteral(key)
}

/**
 * One `key: value,` line per entry, `indent` two spaces deeper, inside braces.
 * @example
 * objectBody([['title', 'z.string()']], '  ') // "{\n    title: z.string(),\n  }"
 */
export function objectBody(entries: [key: string, value: string][], indent: string): string {
  if (!entries.length) return '{}'
  return `{\n${entries.map(([key, value]) => `${indent}  ${key}: ${value},`).join('\n')}\n${indent}}`
}

/**
 * The one non-null option of a union with null, if the union is just that.
 * @example
 * nullableOf([{ kind: 'string' }, { kind: 'null' }]) // { kind: 'string' }
 */
export function nullableOf<T extends { kind: string }>(options: readonly T[]): T | undefined {
  if (options.length !== 2) return undefined
  const others = options.filter(option => option.kind !== 'null')
  return others.length === 1 ? others[0] : undefined
}
