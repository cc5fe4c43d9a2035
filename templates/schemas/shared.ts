import type { RouteMethod } from '../types'

/** Methods whose input comes from the query string. */
export function readsQuery(method: RouteMethod): boolean {
  return method === 'get' || method === 'head'
}

/** POST, PUT and PATCH get a required body field; GET, HEAD and DELETE answer without any input. */
export function needsBody(method: RouteMethod): boolean {
  return method === 'post' || method === 'put' || method === 'patch'
}

/** The optional field a route without required input gets. */
export function optionalField(method: RouteMethod): string {
  return readsQuery(method) ? 'search' : 'reason'
}

/** The example shown above the input schema. */
export function inputExample(method: RouteMethod): string {
  if (needsBody(method)) return 'the JSON body, for example: { "title": "Buy milk" }'
  if (readsQuery(method)) return 'the query string, for example: ?search=milk (values are strings: coerce numbers)'
  return 'the JSON body, optional here: { "reason": "done" } or nothing'
}

/** An object key as written in code: bare when it is an identifier, quoted otherwise. */
export function objectKey(name: string): string {
  return /^[A-Z_$][\w$]*$/i.test(name) ? name : `'${name.replace(/['\\]/g, '\\$&')}'`
}

/** Lays out `key: value` lines as an object literal body, two spaces deeper than `indent`. */
export function objectLines(entries: [key: string, value: string][], indent: string): string {
  return entries.map(([key, value]) => `${indent}  ${key}: ${value},`).join('\n')
}
