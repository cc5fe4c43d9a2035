import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createMarkdownRenderer, disposeMdItInstance } from 'vitepress'
import { describe, expect, it } from 'vitest'
import { linkRepositoryFiles } from '../.vitepress/link-repository-files'
import { repositoryOfThisBuild, repositoryURL } from '../.vitepress/repository'

const docsDir = fileURLToPath(new URL('..', import.meta.url))
const distDir = fileURLToPath(new URL('../.vitepress/dist/', import.meta.url))

/** The HTML a docs page at `relativePath` renders `markdown` to, with the rule given `repository`. */
async function render(markdown: string, repository?: string, relativePath = 'forms.md'): Promise<string> {
  disposeMdItInstance()
  const md = await createMarkdownRenderer(docsDir, { config: md => md.use(linkRepositoryFiles, { repository, branch: 'main' }) })
  return md.render(markdown, { relativePath })
}

describe('the repository the site links to', () => {
  it('is read from ACTION_ROUTE_REPOSITORY first, then the root package.json, and is none when neither is set', () => {
    expect(repositoryURL({}, {})).toBeUndefined()
    expect(repositoryURL({ ACTION_ROUTE_REPOSITORY: '' }, {})).toBeUndefined()
    expect(repositoryURL({}, { repository: { type: 'git', url: 'git+https://github.com/owner/name.git' } })).toBe('https://github.com/owner/name')
    expect(repositoryURL({}, { repository: 'github:owner/name' })).toBe('https://github.com/owner/name')
    expect(repositoryURL({ ACTION_ROUTE_REPOSITORY: 'https://example.org/team/repo/' }, { repository: 'owner/name' })).toBe('https://example.org/team/repo')
  })

  it('names a file outside docs/ in inline code, with no link, when no repository is set', async () => {
    const named = await render('See [`playground/app/pages/rsvp.vue`](../playground/app/pages/rsvp.vue).')
    expect(named).not.toContain('<a')
    expect(named).toContain('<code>playground/app/pages/rsvp.vue</code>.')
    const described = await render('See [the cross-origin guard](../README.md#cross-origin-posts) and [Forms](./forms.md).')
    expect(described).toContain('the cross-origin guard (<code>README.md</code>)')
    expect(described).not.toContain('README.md#')
    expect(described).toMatch(/<a href="\.\/forms(\.md|\.html)?">Forms<\/a>/)
  })

  it('links a file outside docs/ to its place in the repository when one is set', async () => {
    const html = await render('[rsvp.vue](../playground/app/pages/rsvp.vue)', 'https://example.org/team/repo')
    expect(html).toContain('<a href="https://example.org/team/repo/blob/main/playground/app/pages/rsvp.vue"')
    expect(html).toContain('>rsvp.vue</a>')
  })

  it('the built site has a GitHub link, edit links and links to repository files only when a repository is set', () => {
    const repository = repositoryOfThisBuild()
    const pages = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter(file => file.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(20)
    for (const file of pages) {
      const html = readFileSync(`${distDir}${file}`, 'utf8')
      if (repository) continue
      expect(html, file).not.toContain('VPSocialLink')
      expect(html, file).not.toContain('/edit/main/docs/')
      expect(html, file).not.toMatch(/href="[^"]*\/blob\/main\//)
    }
  })
})
