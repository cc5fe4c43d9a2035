import { FORM_FLASH_COOKIE } from '../../app/forms/form-post'

// a cookie past about 4 KB is dropped by browsers; the data is left out rather than the success
const MAX_FLASH_LENGTH = 3000

/**
 * A cookie `Path` for a page: its path, or, when the path holds a character
 * that could end or bend a cookie attribute (`;`, `,`...), its part up to the
 * last `/` before that character, which still covers the page. No text of the
 * request can add an attribute (`/x;Domain=evil.example` gives `/`).
 * @example
 * cookiePathOf('/signup') // '/signup'
 * cookiePathOf('/a/x;Path=/;Domain=127.0.0.1') // '/a/'
 */
export function cookiePathOf(pagePath: string): string {
  const unsafe = pagePath.search(/[^\w\-.~!$&'()*+=:@%/]/)
  return unsafe === -1 ? pagePath : pagePath.slice(0, pagePath.lastIndexOf('/', unsafe) + 1) || '/'
}

/**
 * The `Set-Cookie` that carries a form's success across its 303 redirect:
 * scoped to the page's path (`cookiePathOf`), gone after 60 seconds or at its first read,
 * HttpOnly. The action's data rides along when it is small, else `null`.
 * @example
 * flashCookie('/signup', { form: 'POST /api/signup', data: { id: 1 } }, true)
 */
export function flashCookie(pagePath: string, flash: { form: string, data: unknown }, secure: boolean): string {
  let value = encodeURIComponent(JSON.stringify(flash))
  if (value.length > MAX_FLASH_LENGTH) value = encodeURIComponent(JSON.stringify({ form: flash.form, data: null }))
  return `${FORM_FLASH_COOKIE}=${value}; Path=${cookiePathOf(pagePath)}; Max-Age=60; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * The `Set-Cookie` that removes the flash once the page has read it.
 * @example
 * clearFlashCookie('/signup') // 'action-route-form=; Path=/signup; Max-Age=0; ...'
 */
export function clearFlashCookie(pagePath: string): string {
  return `${FORM_FLASH_COOKIE}=; Path=${cookiePathOf(pagePath)}; Max-Age=0; HttpOnly; SameSite=Lax`
}

/**
 * The flash a request's `Cookie` header carries, or `undefined`.
 * @example
 * readFlashCookie('a=1; action-route-form=%7B%22form%22%3A%22POST%20%2Fapi%2Fx%22%2C%22data%22%3A1%7D') // { form: 'POST /api/x', data: 1 }
 */
export function readFlashCookie(cookieHeader: string | null): { form: string, data: unknown } | undefined {
  const raw = cookieHeader?.split(';').map(part => part.trim()).find(part => part.startsWith(`${FORM_FLASH_COOKIE}=`))
  if (!raw) return undefined
  try {
    const flash = JSON.parse(decodeURIComponent(raw.slice(FORM_FLASH_COOKIE.length + 1))) as { form?: unknown, data?: unknown }
    return typeof flash.form === 'string' ? { form: flash.form, data: flash.data ?? null } : undefined
  }
  catch {
    return undefined
  }
}
