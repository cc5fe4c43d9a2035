// Types of docs-app.mjs, for the docs-app tests that build the walkthrough's app.

/** A page's step: a labelled block (a file) or one line of a ```sh block (a command). */
export type PageStep = { kind: 'file', path: string, text: string, line: number } | { kind: 'command', command: string, line: number }

/** The pages CI builds an app from. */
export declare const WALKTHROUGH_PAGES: string[]

/** The path a code block is labelled with, or undefined. */
export declare function labelOf(lines: string[], at: number): string | undefined

/** A page's files and commands, in order. */
export declare function readPage(page: string): PageStep[]

/** Follows pages into an empty folder: their files, one install, the commands run after it. */
export declare function buildDocsApp(pages: string[], dir: string, options?: { lock?: string, log?: (line: string) => void }): {
  files: string[]
  installed: string[]
  lockLine: string
  node: string
  commands: { page: string, line: number, command: string, kind: string }[]
}

/** `nuxi typecheck` of the app on Node 22. */
export declare function typecheckNuxtApp(dir: string, node: string): void

/** `nuxi build` of the app on Node 22. */
export declare function buildNuxtApp(dir: string, node: string): void
