import { describe, expect, it } from 'vitest'
import { renderClientFetch } from '../../src/client/internal/client-fetch'

describe('renderClientFetch', () => {
  it('reads the global $fetch on Nuxt 3 and 4', () => {
    expect(renderClientFetch(3)).toBe('export const nuxtFetch = () => globalThis.$fetch\n')
    expect(renderClientFetch(4)).toBe('export const nuxtFetch = () => globalThis.$fetch\n')
  })

  it('imports $fetch from #build/fetch on Nuxt 5, whose browser has no global one', () => {
    expect(renderClientFetch(5)).toBe('import { $fetch } from \'#build/fetch\'\nexport const nuxtFetch = () => $fetch\n')
  })
})
