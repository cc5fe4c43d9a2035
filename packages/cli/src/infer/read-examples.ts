import { readFile } from 'node:fs/promises'
import { resolve } from 'pathe'
import { CliError } from '../cli-error'

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text)
  }
  catch (error) {
    throw new CliError(`${source} is not JSON (${(error as Error).message}): give one value, like '{"title":"Buy milk","done":false}'.`, { cause: error })
  }
}

function isObjectOrArray(value: unknown): boolean {
  return value !== null && typeof value === 'object'
}

/**
 * The examples the add command was given: `--example` holds one JSON value;
 * `--example-file` holds one too, except that a top-level array whose items
 * are all objects or arrays is a list of examples (so an array body goes in
 * one more array: `[[{"id":1},{"id":2}]]`). Both flags may be given.
 * @example
 * await readExamples({ example: '{"title":"x"}' }) // [{ title: 'x' }]
 * await readExamples({ exampleFile: 'todos.json', cwd: '/app' }) // [{ title: 'x' }, { title: 'y', done: true }]
 */
export async function readExamples(flags: { example?: string, exampleFile?: string, cwd?: string }): Promise<unknown[] | undefined> {
  const examples: unknown[] = []
  if (flags.exampleFile !== undefined) {
    const path = resolve(flags.cwd ?? process.cwd(), flags.exampleFile)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    }
    catch (error) {
      throw new CliError(`Could not read --example-file ${flags.exampleFile}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, { cause: error })
    }
    const value = parseJson(text, `--example-file ${flags.exampleFile}`)
    if (Array.isArray(value) && value.length > 0 && value.every(isObjectOrArray)) examples.push(...value)
    else examples.push(value)
  }
  if (flags.example !== undefined) examples.push(parseJson(flags.example, '--example'))
  return examples.length ? examples : undefined
}
