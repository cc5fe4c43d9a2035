import { DEVTOOLS_TOKEN_HEADER } from '../shared/types'
import { DEV_TOKEN_KEY, DEVTOOLS4_TOKEN_KEY } from './dev-token'

/** The global on which index.html's inline script leaves its request for the routes. */
export const EARLY_REGISTRY_GLOBAL = '__actionRouteRegistry'

/**
 * The inline script vite.config.ts puts in index.html: it asks for the routes while the page
 * is parsed, with the tokens `readDevTokens` reads, before the panel's first file has arrived.
 * A page that refuses inline scripts loses nothing: main.ts then asks itself.
 * @example
 * `<script>${earlyRegistryScript()}</script>`
 */
export function earlyRegistryScript(): string {
  const keys = JSON.stringify([DEV_TOKEN_KEY, DEVTOOLS4_TOKEN_KEY])
  return `(function(){try{var t=${keys}.map(function(k){try{return (localStorage.getItem(k)||'').trim()}catch(e){return ''}}).filter(Boolean);`
    + `var p=fetch(new URL('../api/routes',location.href),{headers:t.length?{${JSON.stringify(DEVTOOLS_TOKEN_HEADER)}:t.join(', ')}:{},cache:'no-store'});`
    + `p.catch(function(){});window.${EARLY_REGISTRY_GLOBAL}=p}catch(e){}})()`
}
