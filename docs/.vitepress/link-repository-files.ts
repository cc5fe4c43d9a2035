import { posix } from 'node:path'
import type { MarkdownRenderer } from 'vitepress'

/** Where the repository's files are browsed. */
export interface RepositoryLinkOptions {
  /** The repository's web address, e.g. `https://github.com/owner/name`; none: files are named, not linked. */
  repository?: string
  /** The branch the links point at. */
  branch: string
}

type Token = MarkdownRenderer['core']['State']['prototype']['tokens'][number]

/**
 * Turns a document's relative link to a file outside docs/ (`../playground/app/pages/rsvp.vue`,
 * `../README.md`) into a link to that file in the repository. The documents keep relative links, so they
 * work where the repository is read (GitHub, an editor); on the site those files are not pages, and the
 * dead-link check would stop the build. With no repository known, the link becomes the file's path in inline
 * code (after its own text, when that text is not already the path), so the site holds no invented address.
 *
 * @example
 * md.use(linkRepositoryFiles, { repository: 'https://github.com/owner/name', branch: 'main' })
 * // in docs/forms.md: [rsvp.vue](../playground/app/pages/rsvp.vue)
 * //   -> https://github.com/owner/name/blob/main/playground/app/pages/rsvp.vue
 * md.use(linkRepositoryFiles, { branch: 'main' })
 * //   -> rsvp.vue (`playground/app/pages/rsvp.vue`)
 */
export function linkRepositoryFiles(md: MarkdownRenderer, options: RepositoryLinkOptions): void {
  md.core.ruler.push('link-repository-files', (state) => {
    const page = posix.join('docs', String(state.env?.relativePath ?? ''))
    for (const block of state.tokens) {
      const children = block.children
      if (!children) continue
      for (let index = 0; index < children.length; index++) {
        const token = children[index]!
        if (token.type !== 'link_open') continue
        const target = repositoryFile(page, token.attrGet('href'))
        if (!target) continue
        if (options.repository) {
          token.attrSet('href', `${options.repository}/blob/${options.branch}/${target}`)
          continue
        }
        const close = closingLink(children, index)
        const inner = children.slice(index + 1, close)
        const path = new state.Token('code_inline', 'code', 0)
        path.content = target.replace(/#.*$/, '')
        const named = inner.length === 1 && inner[0]!.type === 'code_inline' && inner[0]!.content === path.content
        const text = new state.Token('text', '', 0)
        text.content = ' ('
        const end = new state.Token('text', '', 0)
        end.content = ')'
        const replacement = named ? [path] : [...inner, text, path, end]
        children.splice(index, close - index + 1, ...replacement)
        index += replacement.length - 1
      }
    }
  })
}

/** The repository path a link points at when it leaves docs/ (`playground/app/pages/rsvp.vue`), else undefined. */
function repositoryFile(page: string, href: string | null): string | undefined {
  if (!href || /^[a-z][a-z\d+.-]*:|^[#/]/i.test(href)) return undefined
  const target = posix.normalize(posix.join(posix.dirname(page), href))
  return target === 'docs' || target.startsWith('docs/') ? undefined : target
}

/** The index of the `link_close` that ends the link opened at `open`. */
function closingLink(children: Token[], open: number): number {
  let depth = 0
  for (let index = open; index < children.length; index++) {
    if (children[index]!.type === 'link_open') depth++
    if (children[index]!.type === 'link_close' && --depth === 0) return index
  }
  return children.length - 1
}
