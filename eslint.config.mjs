import { createConfigForNuxt } from '@nuxt/eslint-config/flat'

export default createConfigForNuxt({
  features: {
    tooling: true,
    stylistic: true,
  },
}).append({
  rules: {
    // `{}` is the honest type of "no context added yet" in the middleware types
    '@typescript-eslint/no-empty-object-type': 'off',
  },
}, {
  // Nuxt names pages after their route: pages/index.vue is the index route
  files: ['**/pages/**/*.vue'],
  rules: { 'vue/multi-word-component-names': 'off' },
}, {
  ignores: ['**/dist/**', '**/.nuxt/**', '**/.output/**', '.compat/**', '.cache/**', 'bench/.work/**', 'docs/.vitepress/cache/**'],
})
