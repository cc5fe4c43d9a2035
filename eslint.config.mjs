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
  ignores: ['**/dist/**', '**/.nuxt/**', '**/.output/**', '.compat/**', '.cache/**', 'bench/.work/**'],
})
