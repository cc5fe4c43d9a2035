import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'
import { TAB_ICON_FILE, TAB_ICON_SVG } from './src/node/internal/tab-icon'
import { earlyRegistryScript } from './src/client/early-registry-script'

// the panel: served by the app's dev server under /__action-route/client/, so every asset URL is relative
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  base: './',
  plugins: [
    vue(),
    // the DevTools 3 tab's icon, served beside the panel (src/node/index.ts)
    { name: 'action-route-tab-icon', generateBundle() {
      this.emitFile({ type: 'asset', fileName: TAB_ICON_FILE, source: `${TAB_ICON_SVG}\n` })
    } },
    // the routes are asked for while the page is parsed, before the panel's first file arrives (src/client/early-registry.ts)
    { name: 'action-route-early-registry', transformIndexHtml: () => [{ tag: 'script', children: earlyRegistryScript(), injectTo: 'head-prepend' }] },
    // Vue and the pages (main.ts imports them dynamically) download beside the entry, not after it has run
    { name: 'action-route-preload-panel', transformIndexHtml: { order: 'post', handler: (_html, context) => Object.values(context.bundle ?? {})
      .filter(chunk => chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith('/mount-panel.ts'))
      .map(chunk => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` }, injectTo: 'head' as const })) } },
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
})
