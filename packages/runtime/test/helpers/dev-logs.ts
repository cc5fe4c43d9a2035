import { vi } from 'vitest'

/** One development log line of the runtime: its level and what followed the `[action-route]` tag. */
export interface DevLog {
  type: 'warn' | 'error'
  args: unknown[]
}

/**
 * Collects the runtime's development logs (console lines tagged `[action-route]`)
 * into `logs`, keeping them off the test output; other console lines pass through.
 */
export function captureDevLogs(logs: DevLog[]): void {
  for (const type of ['warn', 'error'] as const) {
    const original = console[type].bind(console)
    vi.spyOn(console, type).mockImplementation((...args: unknown[]) => {
      if (args[0] === '[action-route]') logs.push({ type, args: args.slice(1) })
      else original(...args)
    })
  }
}
