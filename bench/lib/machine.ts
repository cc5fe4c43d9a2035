import os from 'node:os'

/** What the figures were measured on. */
export interface MachineDescription {
  cpu: string
  cores: number
  memory: string
  node: string
  platform: string
  loadAverage: string
}

/** Describes this machine from `os.cpus()`, `os.totalmem()` and the Node version. */
export function describeMachine(): MachineDescription {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map(load => load.toFixed(2)).join(' / '),
  }
}
