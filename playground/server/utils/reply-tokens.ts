import { setTimeout as sleep } from 'node:timers/promises'

/**
 * The words of the reply to a prompt, each with the space before it: the same prompt always gets the same words.
 * The playground's stand-in for a language model, so nothing reaches the network.
 * @example
 * replyTokens('tea') // ['You', ' asked', ' about', ' "tea".', ...]
 */
export function replyTokens(prompt: string): string[] {
  const words = prompt.trim().split(/\s+/).slice(0, 12)
  const text = [
    `You asked about "${words.join(' ')}".`,
    `Here is a reply of ${words.length === 1 ? 'one word' : `${words.length} words`} read back, one at a time:`,
    ...words.map((word, index) => `${index + 1}. ${word}`),
    'This text comes from a local generator on the server, a word every few milliseconds,',
    'so the page shows each word as it arrives and can stop the reply half-way.',
  ].join(' ')
  return text.split(' ').map((word, index) => index ? ` ${word}` : word)
}

// #region local-reply
/**
 * Yields the reply's words one at a time, `pace` ms apart, and stops early once `signal` aborts (the client went
 * away): the pause ends at once instead of waiting out its time.
 * @example
 * for await (const token of localReply('tea', { signal })) yield token
 */
export async function* localReply(prompt: string, { signal, pace = 60 }: { signal: AbortSignal, pace?: number }): AsyncGenerator<string> {
  for (const token of replyTokens(prompt)) {
    await sleep(pace, undefined, { signal }).catch(() => {})
    if (signal.aborted) return
    yield token
  }
}
// #endregion local-reply
