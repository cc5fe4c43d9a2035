import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

// the panel: served by the app's dev server under /__action-route/client/, so every asset URL is relative
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  base: './',
  plugins: [vue()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
})
