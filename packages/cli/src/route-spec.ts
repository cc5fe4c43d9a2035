import type { RouteMethod } from '../../../templates/types'
import { CliError } from './cli-error'

/** The method suffixes a route may end with, in the order they are offered. */
export const routeMethods: readonly RouteMethod[] = ['get', 'post', 'put', 'patch', 'delete', 'head']

/** A route argument taken apart: `todos/[id].patch` gives route `todos/[id]`, method `patch`, params `['id']`. */
export interface RouteSpec {
  route: string
  /** Missing when the argument had no suffix. */
  method?: RouteMethod
  params: string[]
}

const segmentPattern = /^(?:[\w\-~@()]|\[(?:\.\.\.[\w-]*|[\w-]+)\])+$/

/** True for the method names a route file may end with. */
export function isRouteMethod(value: string): value is RouteMethod {
  return (routeMethods as readonly string[]).includes(value)
}

/**
 * Checks a method suffix, refusing unknown ones with the list of valid ones.
 * @example
 * toRouteMethod('PATCH') // 'patch'
 */
export function toRouteMethod(value: string): RouteMethod {
  const method = value.toLowerCase()
  if (!isRouteMethod(method)) {
    throw new CliError(`Unknown method suffix ".${value}": use one of ${routeMethods.map(name => `.${name}`).join(', ')}.`)
  }
  return method
}

/**
 * Parses `path/segments[.method]` (a trailing `.ts` is ignored), refusing
 * absolute paths, `..`, empty and malformed segments, and unknown methods.
 * @example
 * parseRouteSpec('users/[...slug].get') // { route: 'users/[...slug]', method: 'get', params: ['slug'] }
 */
export function parseRouteSpec(input: string): RouteSpec {
  const raw = input.trim().replace(/\\/g, '/')
  if (!raw) throw new CliError('The route is empty: pass one like todos/[id].patch.')
  if (raw.startsWith('/') || /^[a-z]:/i.test(raw)) {
    throw new CliError(`"${input}" is an absolute path: give the route relative to server/api, like todos/[id].patch.`)
  }

  const segments = raw.replace(/\.ts$/, '').split('/')
  if (segments.includes('..') || segments.includes('.')) {
    throw new CliError(`"${input}" would leave the routes folder: ".." and "." segments are not allowed.`)
  }

  let last = segments.pop() ?? ''
  let method: RouteMethod | undefined
  const dot = last.lastIndexOf('.')
  if (dot > last.lastIndexOf(']')) {
    method = toRouteMethod(last.slice(dot + 1))
    last = last.slice(0, dot)
  }
  segments.push(last)

  for (const segment of segments) {
    if (!segment) throw new CliError(`"${input}" has an empty path segment.`)
    if (!segmentPattern.test(segment)) {
      throw new CliError(`"${segment}" is not a route segment: use letters, digits, - and _, and [name] or [...name] for dynamic parts.`)
    }
  }

  const params = segments.flatMap(segment => [...segment.matchAll(/\[(?:\.\.\.)?([\w-]*)\]/g)].map(match => match[1] || '_'))
  const duplicate = params.find((name, index) => params.indexOf(name) !== index)
  if (duplicate) throw new CliError(`The dynamic segment [${duplicate}] appears twice in "${input}".`)

  return { route: segments.join('/'), method, params }
}
