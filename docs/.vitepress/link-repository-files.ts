import { posix } from 'node:path'
import type { MarkdownRenderer } from 'vitepress'

/** Where the repository's files are browsed. */
export interface RepositoryLinkOptions {
  /** The repository's web address, e.g. `https://github.com/owner/name`. */
  repository: string
  /** The branch the links point at. */
  branch: string
}

/**
 * Turns a document's relative link to a file outside docs/ (`../playground/app/pages/rsvp.vue`,
 * `../README.md`) into a link to that file in the repository. The documents keep relative links, so they
 * work where the repository is read (GitHub, an editor); on the site those files are not pages, and the
 * dead-link check would stop the build.
 *
 * @example
 * md.use(linkRepositoryFiles, { repository: 'https://github.com/action-route/action-route', branch: 'main' })
 * // in docs/forms.md: [rsvp.vue](../playground/app/pages/rsvp.vue)
 * //   -> https://github.com/action-route/action-route/blob/main/playground/app/pages/rsvp.vue
 */
export function linkRepositoryFiles(md: MarkdownRenderer, options: RepositoryLinkOptions): void {
  md.core.ruler.push('link-repository-files', (state) => {
    const page = posix.join('docs', String(state.env?.relativePath ?? ''))
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue
        const href = token.attrGet('href')
        if (!href || /^[a-z][a-z\d+.-]*:|^[#/]/i.test(href)) continue
        const target = posix.normalize(posix.join(posix.dirname(page), href))
        if (target === 'docs' || target.startsWith('docs/')) continue
        token.attrSet('href', `${options.repository}/blob/${options.branch}/${target}`)
      }
    }
  })
}
