/**
 * The `boundary` parameter of a multipart content type, read the way the
 * WHATWG MIME type parser reads parameters (which the runtime's FormData
 * parser follows): names in any case, quoted values unescaped, an empty bare
 * value skipped, the first `boundary` kept. Reading it any
 * other way would let a client show the form counter one boundary and the
 * parser another (`x="; boundary=a"; boundary=b`).
 * @example
 * multipartBoundaryOf('multipart/form-data; BOUNDARY="a b"') // 'a b'
 */
export function multipartBoundaryOf(contentType: string): string | undefined {
  let at = contentType.indexOf(';')
  while (at !== -1 && at < contentType.length) {
    at = skipWhitespace(contentType, at + 1)
    let end = endOfBare(contentType, at, true)
    const name = contentType.slice(at, end).toLowerCase()
    at = end
    if (contentType[at] !== '=') continue
    at++
    let value: string
    if (contentType[at] === '"') {
      ;[value, at] = quotedString(contentType, at)
      at = endOfBare(contentType, at, false)
    }
    else {
      end = endOfBare(contentType, at, false)
      value = contentType.slice(at, end).trimEnd()
      at = end
      if (value === '') continue
    }
    if (name === 'boundary') return value
  }
  return undefined
}

function skipWhitespace(text: string, at: number): number {
  while (text[at] === ' ' || text[at] === '\t' || text[at] === '\r' || text[at] === '\n') at++
  return at
}

/** The position of the next `;` (or `=` too, for a name), or the end. */
function endOfBare(text: string, at: number, isName: boolean): number {
  while (at < text.length && text[at] !== ';' && !(isName && text[at] === '=')) at++
  return at
}

/** A quoted string from its opening quote: its value with backslash escapes undone, and the position after it. */
function quotedString(text: string, open: number): [string, number] {
  let value = ''
  let at = open + 1
  while (at < text.length) {
    const char = text[at]!
    if (char === '"') return [value, at + 1]
    if (char === '\\' && at + 1 < text.length) {
      value += text[at + 1]
      at += 2
      continue
    }
    // a lone trailing backslash stays as it is
    value += char
    at++
  }
  return [value, at]
}
