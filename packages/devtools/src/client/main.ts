import { startRegistryEarly } from './early-registry'
import './styles.css'

// the route list needs the registry: ask for it first, and load Vue and the pages meanwhile. index.html loads this
// file `async`, so it runs before the stylesheet and the rest of the page have loaded: the mount waits for `#app`
startRegistryEarly()
const parsed = document.readyState === 'loading'
  ? new Promise(done => document.addEventListener('DOMContentLoaded', done, { once: true }))
  : Promise.resolve()
void Promise.all([import('./mount-panel'), parsed]).then(([{ mountPanel }]) => mountPanel('#app'))
