// Types of install-lock.mjs, for the TypeScript tests that install apps (the CLI's e2e).

/** How installs treat the committed locks (`ACTION_ROUTE_LOCKS`). */
export declare const lockMode: 'pinned' | 'update' | 'extend' | 'latest'

/** Puts the committed lock `name` into `app` before its install (pinned and extend modes). */
export declare function placeLock(app: string, name: string, installer: 'npm' | 'pnpm'): void

/** Checks (pinned), writes (update, extend) or compares (latest) the app's lock after its install; a line for a summary. */
export declare function checkLock(app: string, name: string, installer: 'npm' | 'pnpm', options?: { borrowed?: boolean }): string
