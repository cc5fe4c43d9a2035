import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/**
 * Serves the built panel on web standards, for Nitro 3's dev server (h3 v2), which takes a
 * plain `(event) => Response` handler: a file of `clientDir` by its path under `prefix`,
 * `index.html` for any other path (the panel routes in the browser), nothing outside `clientDir`.
 * @example
 * addDevServerHandler({ route: '/__action-route/client', handler: { nitro3: createPanelHandler(clientDir, '/__action-route/client') } })
 */
export function createPanelHandler(clientDir: string, prefix: string) {
  const root = normalize(clientDir + sep)
  return async (event: { url: URL }): Promise<Response> => {
    let path = event.url.pathname
    if (path === prefix || path.startsWith(`${prefix}/`)) path = path.slice(prefix.length)
    let decoded = path
    try {
      decoded = decodeURIComponent(path)
    }
    catch {
      // a malformed escape: no such file, the index answers
    }
    const candidate = normalize(join(root, decoded))
    const file = candidate.startsWith(root) && await isFile(candidate) ? candidate : join(root, 'index.html')
    return new Response(await readFile(file), {
      headers: { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' },
    })
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  }
  catch {
    return false
  }
}
