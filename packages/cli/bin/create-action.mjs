#!/usr/bin/env node
// the one place that exits: everything below resolves to an exit code
import { runCli } from '../dist/index.mjs'

process.exit(await runCli(process.argv.slice(2)))
