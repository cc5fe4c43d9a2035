import type { BrowserContext } from 'playwright-core'

/** The playground's accounts and their passwords (seeded on the first start, shown on /login). */
export const passwords = { Ada: 'lovelace', Grace: 'hopper', Katherine: 'johnson', Margaret: 'hamilton', Dorothy: 'vaughan' } as const

/** The session cookie's name (nuxt-auth-utils' default). */
export const sessionCookieName = 'nuxt-session'

/**
 * Signs in over HTTP and returns the sealed session cookie as a `cookie` header value.
 * @example
 * const cookie = await signIn(baseURL, 'Grace')
 * await fetch(`${baseURL}/api/todos`, { headers: { cookie } })
 */
export async function signIn(baseURL: string, name: keyof typeof passwords): Promise<string> {
  const response = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: passwords[name] }),
  })
  if (response.status !== 200) throw new Error(`sign-in as ${name} answered ${response.status}: ${await response.text()}`)
  const cookie = response.headers.getSetCookie().find(header => header.startsWith(`${sessionCookieName}=`))
  if (!cookie) throw new Error('sign-in set no session cookie')
  return cookie.split(';')[0]!
}

/**
 * Signs a browser context in (its request API shares the context's cookies), as a user who signed in before.
 * @example
 * const context = await browser.newContext()
 * await signInContext(context, baseURL, 'Ada')
 */
export async function signInContext(context: BrowserContext, baseURL: string, name: keyof typeof passwords): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/session`, { data: { name, password: passwords[name] } })
  if (response.status() !== 200) throw new Error(`sign-in as ${name} answered ${response.status()}`)
}
