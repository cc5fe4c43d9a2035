import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

/** How the panel held up while its log received requests at a steady rate. */
export interface LiveLogResult {
  /** Requests sent, and how many the panel's log counted by the end. */
  sent: number
  /** Time from navigation until the route list showed every route, in the browser: the median of the opens. */
  listedMs: number
  /** Long tasks (over 50 ms) during the load: their count and summed time. */
  longTasks: number
  longTaskMs: number
  /** Gaps between animation frames: the 95th percentile and the longest. */
  frameP95Ms: number
  frameMaxMs: number
  /** From a key pressed in the log's filter to the frame after its handling: the 95th percentile and the longest. */
  inputP95Ms: number
  inputMaxMs: number
}

/** Options of one live-log measurement. */
export interface LiveLogOptions {
  baseURL: string
  /** Nuxt DevTools' dev auth token the server accepts. */
  token: string
  /** How many routes the list shows once loaded. */
  routes: number
  /** An action that answers a valid POST. */
  requestPath: string
  rate: number
  seconds: number
  /** How many fresh tabs are opened to time the listing (the median is kept). */
  opens: number
}

const browserSide = fileURLToPath(new URL('./live-log-browser.mjs', import.meta.url))

/**
 * Opens the Actions tab in Chromium, times how long it takes to list every
 * route, then sends `rate` requests a second for `seconds` to `requestPath`
 * with the log on show, typing into its filter meanwhile, and reports long
 * tasks, frame gaps and input latency. Runs in a child process (see live-log-browser.mjs).
 * @example
 * await measureLiveLog({ baseURL, token, routes: 501, requestPath: '/api/r0/items', rate: 200, seconds: 10, opens: 5 })
 */
export async function measureLiveLog(options: LiveLogOptions): Promise<LiveLogResult> {
  const child = spawn(process.execPath, [browserSide, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let errors = ''
  child.stdout.on('data', chunk => (output += chunk))
  child.stderr.on('data', chunk => (errors += chunk))
  const [code] = await once(child, 'exit') as [number]
  if (code !== 0) throw new Error(`the live-log measurement failed (${code}):\n${errors.slice(-4000)}`)
  return JSON.parse(output.trim().split('\n').at(-1)!) as LiveLogResult
}
