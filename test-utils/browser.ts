import type { Browser } from 'playwright-core'
import { chromium } from 'playwright-core'

/**
 * Debian's Chromium, headless, with the flags this sandbox needs (no
 * background networking: the machine's network is closed). A test tool's
 * own browser download does not work here.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
}
