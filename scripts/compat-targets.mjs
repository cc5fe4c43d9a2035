// The compatibility suite's targets (scripts/compat.mjs; the matrix in docs/compatibility.md).
// The Nuxt 5 nightly is pinned here, by exact version, and nowhere else.

/** The Nuxt 5 nightly the suite runs, exactly: Nitro 3 (h3 v2) and Nuxt DevTools 4. Bump it here only. */
export const NUXT5_NIGHTLY = '5.0.0-29830089.dc519522'

/**
 * The Nitro that nightly's server package depends on (`npm view @nuxt/nitro-server-nightly@<nightly> dependencies.nitro`),
 * installed beside it: otherwise npm may hoist `nitro@3.0.0` for DevTools 4's optional peer on `nitro`, an older
 * Nitro 3 without `nitro/app` or `nitro/runtime-config`, and Nuxt's own server build fails on it.
 */
export const NUXT5_NITRO = '3.0.260903-beta'

/**
 * One fresh app per target installs the packed tarballs and this Nuxt, then runs the runtime
 * end-to-end suite (built app) and the dev-server suites (nuxi dev: endpoints, recorder, the panel
 * in Chromium) on this Node.
 * - `installer`: pnpm, or npm where pnpm cannot install the target (docs/compatibility.md says why);
 * - `overlay`: files copied over the apps, for what the Nuxt of the target no longer gives them;
 * - `dependencies`: more packages the apps install, beside Nuxt;
 * - `playgroundOverlay`, `dropModules`: files copied over the playground's copy only, and modules taken out of its
 *   nuxt.config (a module that does not load on the target yet, which the overlay stands in for);
 * - `playground`: the modes the playground's own suite (`--project playground`, `--project playground-dev`) runs in
 *   on the installed copy of the playground (the reference app: pages, sealed session, SQLite, uploads).
 * @type {{ name: string, nuxt: string, node: 20 | 22, installer: 'pnpm' | 'npm', overlay?: string, dependencies?: Record<string, string>, playgroundOverlay?: string, dropModules?: string[], playground: ('build' | 'dev')[] }[]}
 */
export const targets = [
  { name: 'nuxt4.3-node20', nuxt: '~4.3.0', node: 20, installer: 'pnpm', playground: ['build'] },
  { name: 'nuxt4-node22', nuxt: '^4', node: 22, installer: 'pnpm', playground: ['build', 'dev'] },
  { name: 'nuxt3-node20', nuxt: '^3', node: 20, installer: 'pnpm', playground: [] },
  { name: 'nuxt5-node22', nuxt: `npm:nuxt-nightly@${NUXT5_NIGHTLY}`, node: 22, installer: 'npm', overlay: 'packages/runtime/test/fixtures/nuxt5', dependencies: { nitro: NUXT5_NITRO },
    // nuxt-auth-utils does not load on Nitro 3 yet: the overlay gives the playground its session utils on h3 v2's useSession
    playgroundOverlay: 'packages/runtime/test/fixtures/nuxt5-playground', dropModules: ['nuxt-auth-utils'], playground: ['build', 'dev'] },
]
