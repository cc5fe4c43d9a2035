// SHA-256 for idempotent(): Node's synchronous hash where the host has one, Web Crypto elsewhere (Workers, Deno).
// The runtime imports no Node module: `process.getBuiltinModule` (Node 20.16 and later) hands it over when present.
import type { BinaryLike } from 'node:crypto'

type SyncSha256 = (data: string | Uint8Array) => string

const encoder = new TextEncoder()
// null: looked for, and the host has none
let nodeSha256: SyncSha256 | null | undefined

function findNodeSha256(): SyncSha256 | null {
  try {
    const crypto = globalThis.process?.getBuiltinModule?.('node:crypto') as typeof import('node:crypto') | undefined
    if (typeof crypto?.createHash !== 'function') return null
    // the one-shot `hash` (Node 20.12 and later) makes no Hash object: about 0.5 µs against createHash's 1.2
    const sha256 = typeof crypto.hash === 'function'
      ? (data: BinaryLike) => crypto.hash('sha256', data, 'hex')
      : (data: BinaryLike) => crypto.createHash('sha256').update(data).digest('hex')
    // a polyfilled module (unenv's) may have the function and throw when called
    return sha256('') === 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' ? sha256 : null
  }
  catch {
    return null
  }
}

/**
 * SHA-256 of a text (as UTF-8) or bytes, as lower-case hex: at once through
 * `node:crypto` on Node (about 1 µs), else a promise of Web Crypto's (about
 * 30 µs of CPU on Node 20, and the only one on Workers).
 * @example
 * await sha256Hex('order-7') // 'a1f3...'
 */
export function sha256Hex(data: string | Uint8Array): string | Promise<string> {
  const sync = nodeSha256 === undefined ? (nodeSha256 = findNodeSha256()) : nodeSha256
  return sync ? sync(data) : webSha256Hex(data)
}

async function webSha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return hex
}
