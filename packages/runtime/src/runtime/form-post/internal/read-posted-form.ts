import type { ActionErrorData } from '../../server/types'
import type { InputLimits } from '../../server/body/action-defaults'
import { countMultipartEntries, countUrlencodedFields } from '../../server/body/count-form-entries'

const lenientUtf8 = new TextDecoder('utf-8')

const tooLarge = (message: string): ActionErrorData => ({ code: 'PAYLOAD_TOO_LARGE', message, statusCode: 413 })

/**
 * The media type of a `Content-Type`, lower case, without its parameters.
 * @example
 * mediaTypeOf('Multipart/Form-Data; boundary=x') // 'multipart/form-data'
 */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';', 1)[0]!.trim().toLowerCase()
}

/**
 * Whether a form's content type can be read at all: urlencoded or multipart,
 * as an action reads forms; anything else is refused with the envelope an
 * action answers (UNSUPPORTED_MEDIA_TYPE 415) before the body is read.
 * @example
 * unsupportedFormType('text/plain') // { code: 'UNSUPPORTED_MEDIA_TYPE', ..., statusCode: 415 }
 * unsupportedFormType('multipart/form-data; boundary=x') // undefined
 */
export function unsupportedFormType(contentType: string): ActionErrorData | undefined {
  const mediaType = mediaTypeOf(contentType)
  if (mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data') return undefined
  return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type: send application/x-www-form-urlencoded or multipart/form-data', statusCode: 415 }
}

/** Whether a dot path has more than `maxDepth` segments, counted without splitting it. */
function isDeeperThan(name: string, maxDepth: number): boolean {
  let segments = 1
  for (let at = name.indexOf('.'); at !== -1; at = name.indexOf('.', at + 1)) {
    if (++segments > maxDepth) return true
  }
  return false
}

/**
 * The entries of a page's form post, read within the module's limits as an
 * action reads a form: more fields or files than `maxFormFields` and
 * `maxFormFiles` are refused from the body's bytes, before anything builds
 * the form (PAYLOAD_TOO_LARGE 413, the action's own message); a field name of
 * more dot segments than `maxJsonDepth` too, since it would nest the input
 * that deep; a body no parser can read is PARSE_ERROR 400. Answers the
 * entries, or the error to answer with.
 * @example
 * const entries = await readPostedForm(new TextEncoder().encode('a.b=1'), 'application/x-www-form-urlencoded', actionDefaults)
 * // [['a.b', '1']]
 */
export async function readPostedForm(body: Uint8Array, contentType: string, limits: InputLimits): Promise<Array<[string, FormDataEntryValue]> | ActionErrorData> {
  const isMultipart = mediaTypeOf(contentType) === 'multipart/form-data'
  const { fields, files } = isMultipart
    ? countMultipartEntries(body, contentType, limits.maxFormFields)
    : { fields: countUrlencodedFields(body, limits.maxFormFields), files: 0 }
  if (fields > limits.maxFormFields) return tooLarge(`Form data has more than ${limits.maxFormFields} fields`)
  if (files > limits.maxFormFiles) return tooLarge(`Form data has more than ${limits.maxFormFiles} files`)

  let entries: Array<[string, FormDataEntryValue]>
  try {
    // urlencoded: read by URLSearchParams itself, as an action reads it (workerd's formData() decodes a stray `%` differently)
    entries = [...isMultipart
      ? await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData()
      : new URLSearchParams(lenientUtf8.decode(body))]
  }
  catch {
    return { code: 'PARSE_ERROR', message: 'Invalid form data in request body', statusCode: 400 }
  }
  if (entries.some(([name]) => isDeeperThan(name, limits.maxJsonDepth))) {
    return tooLarge(`Form field names are nested deeper than ${limits.maxJsonDepth} levels`)
  }
  return entries
}
