// Cross-origin forms in Chromium, with the victim signed in to the playground (`nuxt-session` cookie, SameSite=Lax).
// The attacker's pages come from a second tiny server: as 127.0.0.1:<its port> they are the same site as the
// playground (127.0.0.1:<port>) but another origin, so the browser sends the victim's cookie with their posts;
// as localhost:<its port> they are another site, where a login form needs no cookie at all.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'
import { sessionCookieName, signInContext } from './session'
import { hydrated } from './hydrated'

const baseURL = inject('playgroundURL')
const REFUSED = {
  success: false,
  error: { code: 'CROSS_ORIGIN_REQUEST', message: 'A page of another origin cannot call this action', statusCode: 403 },
}

/** The attacker's page: a form that posts itself as soon as it loads. */
function autoSubmittingForm(action: string, fields: Record<string, string>, enctype = 'application/x-www-form-urlencoded'): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input name="${name}" value="${value}">`).join('')
  return `<!doctype html><form method="post" action="${action}" enctype="${enctype}">${inputs}</form><script>document.forms[0].submit()</script>`
}

const pages: Record<string, string> = {
  '/urlencoded': autoSubmittingForm(`${baseURL}/api/todos`, { title: 'Planted by another origin' }),
  '/multipart': autoSubmittingForm(`${baseURL}/api/todos`, { title: 'Planted by another origin, multipart' }, 'multipart/form-data'),
  '/login': autoSubmittingForm(`${baseURL}/api/session`, { name: 'Grace', password: 'hopper' }),
}

let browser: Browser
let attacker: ReturnType<typeof createServer>
let attackerPort: number

beforeAll(async () => {
  attacker = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end(pages[request.url ?? ''] ?? 'not found')
  })
  // every interface: Chromium may try `localhost` on ::1 before 127.0.0.1
  await new Promise<void>(resolve => attacker.listen(0, resolve))
  attackerPort = (attacker.address() as AddressInfo).port
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await new Promise(resolve => attacker?.close(resolve))
})

/** A browser signed in as Ada, as a victim would be. */
async function signedInAsAda(): Promise<BrowserContext> {
  const context = await browser.newContext()
  await signInContext(context, baseURL, 'Ada')
  return context
}

/** Opens the attacker's page and returns the playground's answer to the form it posts. */
async function answerTo(context: BrowserContext, attackerPage: string, actionPath: string) {
  const page = await context.newPage()
  const posted = page.waitForResponse(response => response.url() === `${baseURL}${actionPath}` && response.request().method() === 'POST')
  await page.goto(attackerPage)
  const response = await posted
  const answer = { status: response.status(), body: await response.json(), setCookie: await response.headerValue('set-cookie') }
  await page.close()
  return answer
}

async function adaTitles(): Promise<string[]> {
  const response = await fetch(`${baseURL}/api/todos`, { headers: { authorization: 'Bearer ada-token' } })
  return (await response.json()).data.items.map((todo: { title: string }) => todo.title)
}

describe('cross-origin forms in Chromium', () => {
  it.each(['urlencoded', 'multipart'])('a page of another origin on the same site cannot create a todo as the signed-in victim (%s): 403 CROSS_ORIGIN_REQUEST', async (kind) => {
    const context = await signedInAsAda()
    const answer = await answerTo(context, `http://127.0.0.1:${attackerPort}/${kind}`, '/api/todos')
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual(REFUSED)
    expect((await adaTitles()).filter(title => title.startsWith('Planted'))).toEqual([])
    await context.close()
  })

  it('a page of another site cannot sign the victim in as the attacker (login CSRF): 403, the session stays', async () => {
    const context = await signedInAsAda()
    const session = async () => (await context.cookies(baseURL)).find(cookie => cookie.name === sessionCookieName)?.value
    const before = await session()
    const answer = await answerTo(context, `http://localhost:${attackerPort}/login`, '/api/session')
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual(REFUSED)
    expect(answer.setCookie).toBeNull()
    expect(before).toBeTruthy()
    expect(await session()).toBe(before)
    await context.close()
  })

  it('the playground\'s own page still signs in and adds a todo (same origin)', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${baseURL}/login`)
    await page.waitForFunction(hydrated)
    await page.fill('[name=name]', 'Ada')
    await page.fill('[name=password]', 'lovelace')
    await page.click('[data-test=sign-in] button[type=submit]')
    await page.waitForURL(`${baseURL}/todos`)
    await page.waitForSelector('[data-test=new-todo]')
    const title = `Same origin ${Date.now()}`
    await page.fill('input[name=title]', title)
    await page.click('[data-test=new-todo] button[type=submit]')
    await page.waitForSelector(`[data-test=todos] li:has-text("${title}")`)
    expect(await adaTitles()).toContain(title)
    await context.close()
  })
})
