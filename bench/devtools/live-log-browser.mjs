// The browser side of the devtools part's live-log measurement, run by live-log.ts in a plain Node process:
// playwright-core does not load under jiti's register hook. Takes its options as JSON in argv[2], prints the result as JSON.
import { chromium } from 'playwright-core'

function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
}

/** What the page collects while the load runs; installed before the panel loads. */
function collectInPage() {
  const probe = { frames: [], inputs: [], longTasks: [], running: false }
  window.__probe = probe
  new PerformanceObserver(list => list.getEntries().forEach(entry => probe.running && probe.longTasks.push(entry.duration))).observe({ type: 'longtask', buffered: false })
  let last = 0
  const frame = (now) => {
    if (probe.running && last) probe.frames.push(now - last)
    last = now
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  window.addEventListener('keydown', (event) => {
    if (!probe.running) return
    const pressed = event.timeStamp
    requestAnimationFrame(() => setTimeout(() => probe.inputs.push(performance.now() - pressed)))
  }, true)
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/*
 * Opens the Actions tab in Chromium, times how long it takes to list every
 * route (the median of `opens` fresh tabs), then, in the last one, sends `rate` requests a second for `seconds` to `requestPath`
 * with the log on show, typing into its filter meanwhile, and reports long
 * tasks, frame gaps and input latency.
 */
async function measureLiveLog(options) {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript((token) => {
      window.localStorage.setItem('__nuxt_dev_token__', token)
    }, options.token)
    await context.addInitScript(collectInPage)
    const listed = []
    let page
    for (let open = 0; open < options.opens; open++) {
      await page?.close()
      page = await context.newPage()
      await page.goto(`${options.baseURL}/__action-route/client/`)
      await page.waitForFunction(count => document.querySelectorAll('[data-testid="route-list"] .list-item').length >= count, options.routes, { timeout: 60_000, polling: 'raf' })
      listed.push(await page.evaluate(() => performance.now()))
    }
    const listedMs = percentile(listed, 0.5)
    await page.getByTestId('tab-log').click()
    await page.getByTestId('live').filter({ hasText: 'live' }).waitFor()
    const before = Number(await page.getByTestId('record-count').textContent())

    await page.evaluate(() => (window.__probe.running = true))
    const sent = await Promise.all([
      sendAtRate(`${options.baseURL}${options.requestPath}`, options.rate, options.seconds),
      typeMeanwhile(page, options.seconds),
    ]).then(([count]) => count)
    // the last records reach the panel within a frame or two
    await page.waitForTimeout(500)
    const probe = await page.evaluate(() => {
      const collected = window.__probe
      collected.running = false
      return collected
    })
    const counted = Number(await page.getByTestId('record-count').textContent())
    if (counted <= before) throw new Error(`the panel's log did not move during the load (${before} → ${counted})`)
    return {
      sent,
      listedMs,
      longTasks: probe.longTasks.length,
      longTaskMs: probe.longTasks.reduce((sum, duration) => sum + duration, 0),
      frameP95Ms: percentile(probe.frames, 0.95),
      frameMaxMs: Math.max(0, ...probe.frames),
      inputP95Ms: percentile(probe.inputs, 0.95),
      inputMaxMs: Math.max(0, ...probe.inputs),
    }
  }
  finally {
    await browser.close()
  }
}

/** POSTs a valid body at a steady rate (ticks of 50 ms), not waiting for answers; the count sent. */
async function sendAtRate(url, rate, seconds) {
  const pending = []
  const started = performance.now()
  for (let tick = 1; tick <= seconds * 20; tick++) {
    // as many as the rate asks by the end of this 50 ms tick
    while (pending.length < Math.round((rate * tick) / 20)) {
      const count = pending.length
      pending.push(fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: `load ${count}`, priority: 2 }) }).then(response => response.arrayBuffer()).catch(() => undefined))
    }
    await new Promise(done => setTimeout(done, Math.max(0, started + tick * 50 - performance.now())))
  }
  await Promise.all(pending)
  return pending.length
}

// `post` matches every request of the load, so the log keeps drawing its full page of rows while typed into
const KEYS = ['p', 'o', 's', 't', 'Backspace', 'Backspace', 'Backspace', 'Backspace']

/** Types into the log's filter and deletes it again, a key every 200 ms, as a developer narrowing the log would. */
async function typeMeanwhile(page, seconds) {
  await page.getByTestId('log-filter').click()
  const deadline = Date.now() + seconds * 1000
  for (let typed = 0; Date.now() < deadline; typed++) {
    await page.keyboard.press(KEYS[typed % KEYS.length])
    await page.waitForTimeout(200)
  }
}

console.log(JSON.stringify(await measureLiveLog(JSON.parse(process.argv[2]))))
