import { startRegistryEarly } from './early-registry'
import './styles.css'

// the route list needs the registry: ask for it first, and load Vue and the pages meanwhile
startRegistryEarly()
void import('./mount-panel').then(({ mountPanel }) => mountPanel('#app'))
