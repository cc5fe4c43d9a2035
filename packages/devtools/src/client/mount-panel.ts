import { createApp } from 'vue'
import App from './App.vue'

/**
 * Mounts the panel: Vue and every page, in a chunk of their own that main.ts loads once it has asked for the routes.
 * @example
 * mountPanel('#app')
 */
export function mountPanel(selector: string): void {
  createApp(App).mount(selector)
}
