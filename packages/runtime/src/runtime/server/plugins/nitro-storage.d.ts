// What the Nitro 3 plugin uses of `nitro/storage`, which only a Nitro 3 build (Nuxt 5) resolves:
// so the plugin type-checks in a Nuxt 3 or 4 app too (the playground's `nuxi typecheck`).
declare module 'nitro/storage' {
  export function useStorage(base?: string): unknown
}
