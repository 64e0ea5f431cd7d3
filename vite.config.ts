import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

// BASE_PATH is read at build time: `npm start` builds, then serves, with the same value.
const raw = process.env.BASE_PATH || '/'
const base = raw.endsWith('/') ? raw : `${raw}/`
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`

export default defineConfig({
  base,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: what a page fetches (queries, resource definitions) is loaded with the page,
      // not with the route tree that every page, /login included, loads first.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
    }),
    react(),
    {
      // version.json on the host: the console compares it with the one it started with.
      name: 'vcc-version-file',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'version.json',
          source: JSON.stringify({ version: `${Date.now().toString(36)}` }),
        })
      },
    },
  ],
  define: { __BASE_PATH__: JSON.stringify(base) },
  build: { outDir: process.env.VITE_OUT_DIR || 'dist', emptyOutDir: true },
  server: { proxy: { '/admin': apiTarget } },
})
