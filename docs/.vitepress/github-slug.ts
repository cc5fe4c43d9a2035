/**
 * A heading's anchor as GitHub makes it: lower case, punctuation dropped, each space a hyphen. The docs are
 * read on GitHub too, and their links to a heading (`client.md#actionpath-options`) are written that way, so
 * the site makes the same anchors.
 * @example
 * githubSlug('`$action(path, options)`') // 'actionpath-options'
 * githubSlug('1. A Nuxt app with the module') // '1-a-nuxt-app-with-the-module'
 */
export function githubSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}
