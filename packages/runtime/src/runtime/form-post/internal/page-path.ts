/**
 * The page's path as a redirect may name it: a path of this origin whatever
 * the request's path held. The URL parser turns `/.//evil.example/` into the
 * path `//evil.example/`, which a `Location` would read as another host, so
 * leading slashes and backslashes become one `/`.
 * @example
 * samePagePath(new URL('http://app.test/.//evil.example/')) // '/evil.example/'
 * samePagePath(new URL('http://app.test/signup')) // '/signup'
 */
export function samePagePath(url: URL): string {
  return `/${url.pathname.replace(/^[/\\]+/, '')}`
}
