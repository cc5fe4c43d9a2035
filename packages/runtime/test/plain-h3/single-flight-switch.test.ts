// Single flight on a plain h3 2 app, over real HTTP: off until the app calls enableSingleFlight() (a Nuxt
// build adds the plugin that calls it only when the app's code names queries to refresh), then a mutation
// whose caller names a query answers with that query's fresh envelope under `refreshed`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineAction, enableSingleFlight } from '../../src/runtime/server/h3-v2'
import type { TestServer } from '../helpers/serve'
import { h3V2 } from '../helpers/hosts'

describe('single flight on a plain h3 2 app', () => {
  let server: TestServer
  let listed = 0
  beforeAll(async () => {
    server = await h3V2.serve({
      '/todos': defineAction({ handler: () => ({ listed: ++listed }) }),
      '/todos/add': defineAction({ handler: () => ({ added: true }) }),
    })
  })
  afterAll(() => server.close())

  const add = async () => {
    const response = await fetch(`${server.url}/todos/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-action-refresh': JSON.stringify(['/todos']) },
      body: '{}',
    })
    return response.json()
  }

  it('answers the plain envelope until the app turns it on: nothing is fetched in-process', async () => {
    expect(await add()).toEqual({ success: true, data: { added: true } })
    expect(listed).toBe(0)
  })

  it('once enableSingleFlight() ran, adds the named query\'s fresh envelope under refreshed', async () => {
    enableSingleFlight()
    expect(await add()).toEqual({ success: true, data: { added: true }, refreshed: { '/todos': { success: true, data: { listed: 1 } } } })
  })
})
