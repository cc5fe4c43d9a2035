import { defineConfig } from 'vitepress'
import { githubSlug } from './github-slug'
import { linkRepositoryFiles } from './link-repository-files'
import { repositoryOfThisBuild } from './repository'

/** Where a link to a file outside docs/ (a playground page, the README) goes on the site; none when unset. */
const repository = repositoryOfThisBuild()

export default defineConfig({
  title: 'Action Route',
  description: 'Validated, enveloped server routes for Nuxt: defineAction, its middleware, a typed client and a Nuxt module.',
  cleanUrls: true,
  lastUpdated: false,
  markdown: {
    anchor: { slugify: githubSlug },
    config: (md) => {
      md.use(linkRepositoryFiles, { repository, branch: 'main' })
    },
  },
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Recipes', link: '/recipes/sessions-and-auth' },
      { text: 'Reference', link: '/reference/server' },
      { text: 'Compare', link: '/comparison' },
    ],
    sidebar: [
      {
        text: 'Getting started',
        items: [{ text: 'A todo app with sign-in', link: '/getting-started' }],
      },
      {
        text: 'Guides',
        items: [
          { text: 'The client', link: '/client' },
          { text: 'Forms', link: '/forms' },
          { text: 'Declared errors', link: '/errors' },
          { text: 'Streaming', link: '/streaming' },
          { text: 'Production', link: '/production' },
          { text: 'OpenAPI', link: '/openapi' },
          { text: 'create-action (CLI)', link: '/cli' },
        ],
      },
      {
        text: 'Integrations',
        items: [
          { text: 'Pinia Colada', link: '/pinia-colada' },
          { text: 'TanStack Vue Query', link: '/vue-query' },
          { text: 'Typed fetch on Nuxt 5', link: '/typed-fetch' },
        ],
      },
      {
        text: 'Recipes',
        items: [
          { text: 'Sessions and auth', link: '/recipes/sessions-and-auth' },
          { text: 'A database', link: '/recipes/database' },
          { text: 'Uploads', link: '/recipes/uploads' },
          { text: 'Streaming an AI reply', link: '/recipes/streaming-ai-reply' },
          { text: 'Idempotent payments', link: '/recipes/idempotent-payments' },
          { text: 'Rate limits', link: '/recipes/rate-limits' },
          { text: 'Pinia Colada', link: '/recipes/pinia-colada' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Server API', link: '/reference/server' },
          { text: 'Client API', link: '/reference/client' },
          { text: 'Module options', link: '/reference/module-options' },
          { text: 'Architecture', link: '/architecture' },
          { text: 'Decisions', link: '/decisions' },
        ],
      },
      { text: 'Migrating from defineEventHandler', link: '/migrating' },
      { text: 'Comparison', link: '/comparison' },
      { text: 'DevTools', link: '/devtools' },
      {
        text: 'Running it',
        items: [
          { text: 'Deploying', link: '/deploying' },
          { text: 'Compatibility', link: '/compatibility' },
          { text: 'Benchmarks', link: '/benchmarks' },
          { text: 'Feature matrix', link: '/feature-matrix' },
        ],
      },
    ],
    ...(repository && {
      socialLinks: [{ icon: 'github', link: repository }],
      editLink: { pattern: `${repository}/edit/main/docs/:path` },
    }),
    outline: { level: [2, 3] },
  },
})
