import { execFileSync } from 'node:child_process'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { pagePreloads } from './scripts/pagePreloads'
import { precompress } from './scripts/precompress'
import { BASE_NAMESPACES } from './src/i18n/languages'

/**
 * Radix Themes' root <Theme> wraps the page in Radix's tooltip provider, and that one import
 * brings the whole tooltip module (Floating UI, popper, dismissable layer: ~18 KB gzip) into
 * every page's first load, because the console's tooltips use the same module. Here <Theme>
 * gets a provider that renders its children only; the real one is rendered where tooltips
 * live (src/shell/tooltipProvider.tsx). Only theme.js's import is changed.
 */
function themeWithoutTooltipProvider(): Plugin {
  const id = '\0theme-radix-ui'
  return {
    name: 'vcc-theme-without-tooltip-provider',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (
        source !== 'radix-ui' ||
        !importer?.includes('@radix-ui/themes/dist/esm/components/theme.js')
      )
        return null
      return id
    },
    load(source) {
      if (source !== id) return null
      return [
        "export { Direction, Slot } from 'radix-ui'",
        'export const Tooltip = { Provider: ({ children }) => children }',
      ].join('\n')
    },
  }
}

// The text every page shows, per language: one file instead of one per namespace.
const BASE_TEXT = new RegExp(
  `[\\\\/]i18n[\\\\/]locales[\\\\/]([^\\\\/]+)[\\\\/](${BASE_NAMESPACES.join('|')})\\.json$`,
)

const CORE_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack\/(react-router|router-core|history|store|react-store)|i18next|react-i18next|openapi-fetch|classnames|@radix-ui\/(react-slot|react-primitive|react-compose-refs))\//

/** The commit being built, when the sources are a git checkout. */
function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}

/** version.json on the host: the console compares it with the one it started with. */
function versionFile(): Plugin {
  return {
    name: 'vcc-version-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        // The commit and build time are shown on opt-information (server/modules/system).
        source: JSON.stringify({
          version: `${Date.now().toString(36)}`,
          commit: gitCommit(),
          builtAt: new Date().toISOString(),
        }),
      })
    },
  }
}

// BASE_PATH is read at build time: `npm start` builds, then serves, with the same value.
const raw = process.env.BASE_PATH || '/'
const base = raw.endsWith('/') ? raw : `${raw}/`
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`

export default defineConfig(({ isSsrBuild }) => ({
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
    themeWithoutTooltipProvider(),
    // The console's build only: the sign-in page's server render (src/prerender.tsx) is a
    // build tool the browser never loads.
    ...(isSsrBuild ? [] : [pagePreloads(), precompress(), versionFile()]),
  ],
  define: { __BASE_PATH__: JSON.stringify(base) },
  build: isSsrBuild
    ? { outDir: `${process.env.VITE_OUT_DIR || 'dist'}-prerender`, emptyOutDir: true }
    : {
        outDir: process.env.VITE_OUT_DIR || 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // A browser fetches at most six files at once from one host (HTTP/1.1): /login's 22
              // scripts came in four rounds. Shared chunks under 16 KB (before minifying) are copied
              // into the chunks that import them instead, which left /login 8 files for 1 KB more.
              experimentalInlineCommonChunks: {
                maxSize: 16 * 1024,
                // Chunks that carry styles stay files (Vite's CSS plugin emits a copy per chunk).
                exclude: /\.css(\?|$)/,
              },
              groups: [
                // What every page runs (React, the router, i18n, the API client, Radix Themes' base)
                // in one file instead of a dozen small shared ones: fewer requests before the first
                // paint, and gzip works across it.
                {
                  name: 'core',
                  // With the bundler's runtime and preload helper, two tiny files every page fetched.
                  test: (id) =>
                    CORE_LIBRARIES.test(id) || /preload-helper|rolldown[\\/]runtime/.test(id),
                  priority: 10,
                },
                {
                  name: (id) => `text-${BASE_TEXT.exec(id)?.[1] ?? 'base'}`,
                  test: BASE_TEXT,
                  priority: 20,
                },
              ],
            },
          },
        },
      },
  server: { proxy: { '/admin': apiTarget } },
}))
