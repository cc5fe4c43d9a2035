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
 * The vite the Nuxt 5 nightly and the newest Nuxt 4 build with, forced on their whole tree: vite 8.4.0 fails `nuxi build`
 * of the pinned nightly, even of a bare app (EXTERNAL_MODULES_CANNOT_BE_TRANSFORMED_TO_MODULES on ufo in
 * `#internal/nuxt/paths`), and of the reference app on Nuxt 4.5.2 (the same error on unctx in Nuxt's router plugin);
 * 8.3.8 builds both. The committed locks (scripts/locks) hold it too; this pin keeps it when they are refreshed.
 */
export const NUXT5_VITE = '8.3.8'

/** Every DevTools e2e file (`--project devtools-e2e`), all run under `nuxi dev` on the target's copies. */
export const DEVTOOLS_FILES = ['dev-endpoints', 'devtools-tab', 'devtools-host', 'recorder-loop', 'base-url', 'panel-loop', 'create-action-endpoint', 'streaming-panel']

/**
 * The DevTools files that exercise the target's own Nitro and dev server over HTTP: its dev endpoints, the
 * recorder through a Nitro restart, a base URL, the create-action loop and the dev server's relay of a body.
 * The others drive the panel's client (the same built files everywhere) in Chromium inside Nuxt DevTools' client:
 * the same DevTools 3 on every Nuxt 3 and Nuxt 4 (each resolves the newest `@nuxt/devtools@^3`), so they run on the
 * newest Nuxt 4 and, for DevTools 4, on Nuxt 5; `base-url` checks that the panel is served on every target.
 */
export const DEVTOOLS_SERVER_FILES = ['dev-endpoints', 'recorder-loop', 'base-url', 'create-action-endpoint']

/**
 * The DevTools files the Nuxt 3 and 4 targets run: the module's dev-time wiring on their Nuxt (its dev endpoints, the
 * panel served under a base URL). The recorder through a Nitro restart and the create-action loop are Nitro's side:
 * every Nuxt 3 and 4 target resolves the nitropack the workspace has (2.13.6, h3 1.15.11), so they run in `pnpm test`
 * on the workspace's Nuxt 4, and packed on Nuxt 5.
 */
export const DEVTOOLS_WIRING_FILES = ['dev-endpoints', 'base-url']

/**
 * The runtime e2e files Nuxt 3 runs on its built fixture: the app side, which their Nuxt changes (SSR,
 * `useAsyncData`, forms, the client in Chromium, single flight, streams read in the page). Left out: the files that
 * test the server over HTTP only (bad input, the contract, errors, idempotency, rate limits, runtime config), on the
 * same nitropack and h3 on every Nuxt 3 and 4 target; the newest Nuxt 4 runs them on the packed module.
 */
export const APP_SIDE_E2E_FILES = ['action-form', 'client', 'declared-errors', 'idempotency-ssr', 'query-refresh', 'single-flight', 'ssr-pairs', 'ssr-sequence', 'streaming', 'use-action-rate-limit']

/**
 * The playground files Nuxt 4 (`pnpm test`) and Nuxt 5 run under `nuxi dev` (their builds run them all): what differs in a
 * dev server.
 * `app-items` holds the dev-only checks (a wrong method or path named in the browser, route files with mistakes);
 * `forms` sends JSON, urlencoded and multipart bodies through the dev server's relay and the DevTools recorder, which
 * reads every request; `client` and `browser` hydrate pages from Vite's dev bundles, with the session's cookie in SSR.
 * Left out: the rest of the suite, whose server and pages are the same code in dev as in the build (`PLAYGROUND_DEV=all`
 * runs all of it under `nuxi dev`; vitest.config.ts).
 */
export const PLAYGROUND_DEV_SAMPLE = ['app-items', 'forms', 'client', 'browser']

/**
 * One fresh app per target installs the packed tarballs and this Nuxt, then runs the runtime
 * end-to-end suite (built app) and the dev-server suites (nuxi dev: endpoints, recorder, the panel
 * in Chromium) on this Node.
 * - `installer`: pnpm, or npm where pnpm cannot install the target (docs/compatibility.md says why);
 * - `overlay`: files copied over the apps, for what the Nuxt of the target no longer gives them;
 * - `dependencies`: more packages the apps install, beside Nuxt; `pins`: exact versions forced on the whole tree;
 * - `playgroundOverlay`, `dropModules`: files copied over the playground's copy only, and modules taken out of its
 *   nuxt.config (a module that does not load on the target yet, which the overlay stands in for);
 * - `playground`: the modes the playground's own suite (`--project playground`, `--project playground-dev`) runs in
 *   on the installed copy of the playground (the reference app: pages, sealed session, SQLite, uploads), and
 *   `playgroundDevFiles` the files its `nuxi dev` run takes (all when not given; the build runs them all);
 * - `e2eFiles`: the runtime e2e files (all when not given); `devtoolsFiles`: the DevTools e2e files (all when not
 *   given); `openapi: false` skips the OpenAPI step.
 *
 * What runs where, and why (each run of an app costs its build or its `nuxi dev` start, 40 to 90 s on 2 cores):
 * - the playground's suite runs once per Nuxt major: on Nuxt 4 in `pnpm test` (the workspace's Nuxt 4), on Nuxt 5
 *   here; each built, and under `nuxi dev` its dev sample (PLAYGROUND_DEV_SAMPLE);
 * - the newest Nuxt 4 and Nuxt 3 run no playground suite: the module's code in it is the same as in
 *   `pnpm test`, and their runtime e2e suite runs the same Nuxt app side (SSR, useAsyncData, forms, the client in
 *   Chromium, single flight) on the fixture;
 * - every DevTools file on Nuxt 5 (DevTools 4); on the Nuxt 4s and Nuxt 3, the module's dev wiring
 *   (DEVTOOLS_WIRING_FILES): the panel's files run in the same DevTools 3 (3.4.4) in `pnpm test`, and the files of
 *   Nitro's dev server (DEVTOOLS_SERVER_FILES) on the same nitropack there;
 * - the runtime e2e suite whole on the newest Nuxt 4 and Nuxt 5; on Nuxt 3, its app side
 *   (APP_SIDE_E2E_FILES), after the same build of the fixture;
 * - the OpenAPI step on the newest Nuxt 4 (Nitro 2) and Nuxt 5 (Nitro 3): the newest Nitro 2 builds the document on
 *   Nuxt 3 as on the newest Nuxt 4 (`nitropack@^2.13` on each);
 * - no Nuxt 4 before the newest has a target: `pnpm test` runs everything on the workspace's Nuxt 4 (4.4.2) and Node 20,
 *   the Node 20 line of Nuxt 4, and `pnpm test:kit` installs the packed packages into a Nuxt 4.4 app with npm.
 * @type {{ name: string, nuxt: string, node: 20 | 22, installer: 'pnpm' | 'npm', overlay?: string, dependencies?: Record<string, string>, pins?: Record<string, string>, playgroundOverlay?: string, dropModules?: string[], playground: ('build' | 'dev')[], playgroundDevFiles?: string[], e2eFiles?: string[], devtoolsFiles?: string[], openapi?: false }[]}
 */
export const targets = [
  { name: 'nuxt4-node22', nuxt: '^4', node: 22, installer: 'pnpm', pins: { vite: NUXT5_VITE }, playground: [], devtoolsFiles: DEVTOOLS_WIRING_FILES },
  { name: 'nuxt3-node20', nuxt: '^3', node: 20, installer: 'pnpm', playground: [], e2eFiles: APP_SIDE_E2E_FILES, devtoolsFiles: DEVTOOLS_WIRING_FILES, openapi: false },
  { name: 'nuxt5-node22', nuxt: `npm:nuxt-nightly@${NUXT5_NIGHTLY}`, node: 22, installer: 'npm', overlay: 'packages/runtime/test/fixtures/nuxt5', dependencies: { nitro: NUXT5_NITRO }, pins: { vite: NUXT5_VITE },
    // nuxt-auth-utils does not load on Nitro 3 yet: the overlay gives the playground its session utils on h3 v2's useSession
    playgroundOverlay: 'packages/runtime/test/fixtures/nuxt5-playground', dropModules: ['nuxt-auth-utils'], playground: ['build', 'dev'], playgroundDevFiles: PLAYGROUND_DEV_SAMPLE },
]
