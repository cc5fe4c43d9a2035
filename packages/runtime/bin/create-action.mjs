#!/usr/bin/env node
// `npx create-action todos/[id].patch` in an app that installed only @action-route/runtime: npx and
// pnpm exec find the bins of the app's direct dependencies, so the runtime carries this one and hands
// over to the CLI it depends on (the same code as @action-route/cli's own bin)
import { runCli } from '@action-route/cli'

process.exit(await runCli(process.argv.slice(2)))
