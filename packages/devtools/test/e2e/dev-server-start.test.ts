import { describe, expect, it } from 'vitest'
import { startNuxtDev } from './dev-server'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  }
  catch {
    return false
  }
}

describe('startNuxtDev', () => {
  it('ends nuxi dev and its process group when the server is not up in time', async () => {
    // 1 ms: the first check finds nothing listening yet, so the start fails with nuxi dev running
    const failed = await startNuxtDev({ timeout: 1 }).then(() => undefined, (error: Error) => error)
    expect(failed?.message).toMatch(/did not start/)
    const pid = Number(/pid (\d+)/.exec(failed!.message)![1])
    expect(pid).toBeGreaterThan(0)
    expect(isRunning(pid)).toBe(false)
    // the group too: nothing nuxi dev started is left (e.g. holding Nuxt 5's dev lock)
    expect(isRunning(-pid)).toBe(false)
  })
})
