import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium } from '../../test-utils/browser'

const siteURL = inject('siteURL')
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
})

afterAll(async () => {
  await browser?.close()
})

/** The site's own links on the page now open (same origin), with their hash if any. */
async function internalLinks(current: Page): Promise<URL[]> {
  const hrefs = await current.$$eval('a[href]', anchors => anchors.map(anchor => (anchor as HTMLAnchorElement).href))
  return hrefs.filter(href => href.startsWith(`${siteURL}/`)).map(href => new URL(href))
}

/** The ids a hash on this page can point at. */
function anchorsOf(current: Page): Promise<string[]> {
  return current.$$eval('[id]', elements => elements.map(element => element.id))
}

/** The images on this page that did not load. */
function brokenImages(current: Page): Promise<string[]> {
  return current.$$eval('img', images => images.filter(image => image.complete && image.naturalWidth === 0).map(image => image.src))
}

/** A page's address without its hash, as the crawl keys it. */
function pageOf(url: URL): string {
  return `${url.origin}${url.pathname}`
}

describe('the documentation site', () => {
  it('finds defineAction with the local search and opens a result', async () => {
    await page.goto(siteURL)
    await page.getByRole('button', { name: /search/i }).first().click()
    await page.getByPlaceholder(/search/i).fill('defineAction')
    const results = page.locator('.VPLocalSearchBox .result')
    await results.first().waitFor()
    expect(await results.count()).toBeGreaterThan(0)
    const before = page.url()
    await results.first().click()
    await page.waitForURL(url => url.href !== before)
    await expect.poll(() => page.locator('.vp-doc').textContent()).toContain('defineAction')
  })

  it('has no internal link that answers 404 or names a missing heading, and no broken image, on any page', async () => {
    const linkedFrom = new Map<string, string>([[`${siteURL}/`, '(start)']])
    const hashes: Array<{ from: string, to: URL }> = []
    const anchors = new Map<string, Set<string>>()
    const queue = [`${siteURL}/`]
    const dead: string[] = []
    const images: string[] = []
    while (queue.length) {
      const url = queue.shift()!
      const response = await page.goto(url)
      if (response?.status() === 404) {
        dead.push(`${linkedFrom.get(url)} -> ${url}`)
        continue
      }
      anchors.set(url, new Set(await anchorsOf(page)))
      await page.waitForLoadState('load')
      images.push(...(await brokenImages(page)).map(image => `${url}: ${image}`))
      for (const link of await internalLinks(page)) {
        if (link.hash.length > 1) hashes.push({ from: url, to: link })
        const target = pageOf(link)
        if (linkedFrom.has(target)) continue
        linkedFrom.set(target, url)
        queue.push(target)
      }
    }
    const missingHeadings = hashes
      .filter(({ to }) => anchors.get(pageOf(to))?.has(decodeURIComponent(to.hash.slice(1))) === false)
      .map(({ from, to }) => `${from} -> ${to.href}`)
    expect(dead).toEqual([])
    expect([...new Set(missingHeadings)]).toEqual([])
    expect(images).toEqual([])
    expect(anchors.size).toBeGreaterThan(20)
  })
})
