import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRecorder } from '../../src/runtime/devtools/recorder'
import type { RecordDraft } from '../../src/runtime/devtools/recorder'
import { keepRecordFile, readRecordFile } from '../../src/runtime/devtools/internal/record-file'

function draft(path: string, input: unknown = {}): RecordDraft {
  return { time: 0, method: 'POST', url: path, path, route: path, routeId: `POST ${path}`, params: {}, query: {}, headers: { cookie: 'session=abc' }, input, status: 200, envelope: null, durationMs: 1 }
}

let folder: string
let file: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'record-file-'))
  file = join(folder, 'action-route/records.json')
})
afterEach(() => rm(folder, { recursive: true, force: true }))

describe('the record file', () => {
  it('gives a second recorder the first one\'s records, redacted, bounded, ids going on', () => {
    const first = createRecorder({ maxRecords: 3 })
    const kept = keepRecordFile(first, file)
    for (const n of [1, 2, 3, 4]) first.add(draft(`/api/${n}`, { password: 'hunter2' }))
    kept.flush()

    const second = createRecorder({ maxRecords: 2, restore: readRecordFile(file) })
    expect(second.list().map(record => record.id)).toEqual([3, 4])
    expect(JSON.stringify(second.list())).not.toMatch(/hunter2|session=abc/)
    expect(second.add(draft('/api/5')).id).toBe(5)
  })

  it('writes a moment after a record, and at once when cleared', async () => {
    const recorder = createRecorder({ maxRecords: 10 })
    keepRecordFile(recorder, file)
    recorder.add(draft('/api/1'))
    expect(readRecordFile(file)).toEqual([])
    await new Promise(done => setTimeout(done, 400))
    expect(readRecordFile(file).map(record => record.path)).toEqual(['/api/1'])
    recorder.clear()
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([])
  })

  it('writes the file readable by its owner only (0600), and narrows an older file left readable by all', async () => {
    const recorder = createRecorder({ maxRecords: 10 })
    const kept = keepRecordFile(recorder, file)
    recorder.add(draft('/api/1'))
    kept.flush()
    expect((await stat(file)).mode & 0o777).toBe(0o600)

    await chmod(file, 0o644)
    expect(readRecordFile(file)).toHaveLength(1)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it.each([
    ['missing', undefined],
    ['corrupt', '{"id": 1, '],
    ['not a list', '{"records": []}'],
    ['not records', '[{"id": "1"}, 3, null]'],
  ])('starts empty from a %s file', async (_, text) => {
    if (text !== undefined) {
      await rm(file, { force: true })
      await writeFile(join(folder, 'records.json'), text)
    }
    expect(readRecordFile(text === undefined ? file : join(folder, 'records.json'))).toEqual([])
  })
})
