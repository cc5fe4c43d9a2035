import { homedir } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import type { Nuxt } from '@nuxt/schema'
import { devAuthTokenFile, isDevtoolsAuthorizationDisabled } from '../../src/devtools/internal/devtools-auth'

const savedXdg = process.env.XDG_CONFIG_HOME
afterEach(() => {
  if (savedXdg === undefined) delete process.env.XDG_CONFIG_HOME
  else process.env.XDG_CONFIG_HOME = savedXdg
})

function nuxtWith(devtools: unknown, settled?: { disableAuthorization?: boolean }): Nuxt {
  return { options: { devtools }, devtools: settled && { options: settled } } as unknown as Nuxt
}

describe('where the DevTools token lives', () => {
  it('reads the token file where Nuxt DevTools writes it: the home folder', () => {
    delete process.env.XDG_CONFIG_HOME
    expect(devAuthTokenFile()).toBe(`${homedir()}/.nuxt/devtools/dev-auth-token.txt`)
  })

  it('uses XDG_CONFIG_HOME instead when it is set, and ignores it when empty', () => {
    process.env.XDG_CONFIG_HOME = '/tmp/config'
    expect(devAuthTokenFile()).toBe('/tmp/config/.nuxt/devtools/dev-auth-token.txt')
    process.env.XDG_CONFIG_HOME = ''
    expect(devAuthTokenFile()).toBe(`${homedir()}/.nuxt/devtools/dev-auth-token.txt`)
  })
})

describe('DevTools\' disableAuthorization', () => {
  it('is off unless the developer or DevTools turned it on', () => {
    expect(isDevtoolsAuthorizationDisabled(nuxtWith(undefined))).toBe(false)
    expect(isDevtoolsAuthorizationDisabled(nuxtWith(true))).toBe(false)
    expect(isDevtoolsAuthorizationDisabled(nuxtWith({ enabled: true }))).toBe(false)
    expect(isDevtoolsAuthorizationDisabled(nuxtWith({ disableAuthorization: true }))).toBe(true)
  })

  it('follows what DevTools settled on when it runs (a sandbox turns it on by itself)', () => {
    expect(isDevtoolsAuthorizationDisabled(nuxtWith({}, { disableAuthorization: true }))).toBe(true)
    expect(isDevtoolsAuthorizationDisabled(nuxtWith({ disableAuthorization: true }, { disableAuthorization: false }))).toBe(false)
  })
})
