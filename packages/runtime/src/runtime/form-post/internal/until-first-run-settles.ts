// how long a duplicate post waits for the first run of its key, at most: about the time a user waits for a page
const MAX_WAIT_MS = 10_000

/** Whether an answer says that a request with the same `Idempotency-Key` is still running. */
export type StillRunning<T> = (answer: T) => boolean

/**
 * Sends a keyed call again while `idempotent()` answers that the first
 * request with its key still runs (IDEMPOTENCY_KEY_IN_PROGRESS), waiting a
 * little longer each time (50 ms, doubled up to 500 ms) and 10 seconds at
 * most: a duplicate submit (a double click) then gets the first submit's
 * answer, replayed, instead of the 409. Any other answer is returned as it is.
 * @example
 * const answer = await untilFirstRunSettles(() => call(), answer => answer.code === 'IDEMPOTENCY_KEY_IN_PROGRESS')
 */
export async function untilFirstRunSettles<T>(send: () => Promise<T>, stillRunning: StillRunning<T>, maxWait = MAX_WAIT_MS): Promise<T> {
  let waited = 0
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    const answer = await send()
    if (!stillRunning(answer) || waited >= maxWait) return answer
    await new Promise(resolve => setTimeout(resolve, delay))
    waited += delay
  }
}
