import { request } from 'node:http'

/** What a raw form post answered. */
export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/**
 * A same-origin urlencoded POST whose path is sent as written (`/.//` and `;`
 * included), as `curl --path-as-is` sends it: fetch would normalise the path.
 * @example
 * const answer = await postRawForm(baseURL, '/.//evil.example/?__action=/api/echo', 'name=Ada')
 */
export function postRawForm(baseURL: string, path: string, body: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), 'sec-fetch-site': 'same-origin' }
    const req = request({ hostname, port, method: 'POST', path, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
