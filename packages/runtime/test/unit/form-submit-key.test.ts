import { describe, expect, it } from 'vitest'
import { createFormSubmitKey } from '../../src/runtime/app/forms/internal/form-submit-key'
import { untilFirstRunSettles } from '../../src/runtime/form-post/internal/until-first-run-settles'

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const failure = (code: string, statusCode: number) => ({ success: false as const, error: { code, message: code, statusCode } })

describe('a form\'s Idempotency-Key, one per logical submit', () => {
  it('starts from the key the server rendered into the form, else a new one', () => {
    expect(createFormSubmitKey('from-ssr').current.value).toBe('from-ssr')
    expect(createFormSubmitKey().current.value).toMatch(KEY)
  })

  it('keeps the key for a submit sent again with the same entries after no answer, or while its first run still goes', () => {
    const key = createFormSubmitKey('k')
    expect(key.forSubmit('[["title","Milk"]]')).toBe('k')
    key.settled(failure('FETCH_ERROR', 0))
    expect(key.forSubmit('[["title","Milk"]]')).toBe('k')
    key.settled(failure('TIMEOUT_ERROR', 0))
    key.settled(failure('IDEMPOTENCY_KEY_IN_PROGRESS', 409))
    expect(key.forSubmit('[["title","Milk"]]')).toBe('k')
  })

  it('makes a new key once the server answered, success or failure, and for changed entries', () => {
    const key = createFormSubmitKey('k')
    key.forSubmit('a')
    key.settled({ success: true, data: 1 })
    const second = key.forSubmit('a')
    expect(second).not.toBe('k')
    expect(key.current.value).toBe(second)
    key.settled(failure('TITLE_TAKEN', 422))
    const third = key.forSubmit('a')
    expect(third).not.toBe(second)
    key.settled(failure('FETCH_ERROR', 0))
    // the user changed the form before sending it again: another logical submit
    expect(key.forSubmit('b')).not.toBe(third)
  })
})

describe('a duplicate form post waiting for the first run of its key', () => {
  it('sends again while the first still runs, then answers what the server answers', async () => {
    const answers = ['running', 'running', 'replayed']
    expect(await untilFirstRunSettles(async () => answers.shift()!, answer => answer === 'running')).toBe('replayed')
    expect(answers).toEqual([])
  })

  it('gives up after its longest wait and answers the last answer', async () => {
    let sent = 0
    const answer = await untilFirstRunSettles(async () => {
      sent++
      return 'running'
    }, answer => answer === 'running', 100)
    expect(answer).toBe('running')
    // 50 ms, then 100 ms: past the 100 ms it may wait
    expect(sent).toBe(3)
  })
})
