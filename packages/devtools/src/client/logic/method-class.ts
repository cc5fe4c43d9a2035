const COLOURED = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The class that colours a method's badge (styles.css); none for a method without a colour of its own.
 * @example
 * methodClass('PATCH') // 'method-patch'
 */
export function methodClass(method: string): string | undefined {
  const upper = method.toUpperCase()
  return COLOURED.has(upper) ? `method-${upper.toLowerCase()}` : undefined
}
