import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { BASE_NAMESPACES } from '../src/i18n/languages'

/**
 * What a page loads after the entry, known at build time, so the server can announce it in the
 * page's HTML (`<link rel="modulepreload">`, server/http/pagePreloads.ts) and the browser fetches
 * it while the entry is still compiling. Without it a first load runs three rounds one after the
 * other: the entry, then the text of the page's language (the root route's `beforeLoad`), then
 * the page's own code-split chunks — the two later rounds are what made /login's largest paint
 * twice the bare stack's.
 *
 * Written to `page-preloads.json` beside the built console:
 * - `pages`: per route path (from each route file's `createFileRoute('…')`), the chunks of the
 *   route and of the layout routes above it, with their static imports, minus what the entry
 *   already imports; and the i18n namespaces the page shows: the base ones and those their
 *   `staticData` names (title and `namespaces`).
 * - `namespaces`: per language and namespace, the chunk of its JSON file.
 */
export interface PagePreloads {
  pages: Record<string, { files: string[]; namespaces: string[] }>
  namespaces: Record<string, Record<string, string>>
}

interface RouteFile {
  routePath: string
  file: string
  isLayout: boolean
  namespaces: string[]
}

/** Route paths and the namespaces each route file's `staticData` names. */
function readRoutes(routesDir: string): RouteFile[] {
  const routes: RouteFile[] = []
  for (const entry of readdirSync(routesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.tsx')) continue
    const file = path.join(entry.parentPath, entry.name)
    const source = readFileSync(file, 'utf8')
    const route = /createFileRoute\('([^']+)'\)/.exec(source)
    if (!route || route[1].includes('$')) continue
    const namespaces = new Set<string>()
    const title = /title:\s*'([a-z]+):/.exec(source)
    if (title) namespaces.add(title[1])
    const named = /namespaces:\s*\[([^\]]*)\]/.exec(source)
    for (const ns of named?.[1].matchAll(/'([a-z]+)'/g) ?? []) namespaces.add(ns[1])
    routes.push({
      routePath: route[1].replace(/\/$/, '') || '/',
      file,
      isLayout: entry.name === 'route.tsx',
      namespaces: [...namespaces],
    })
  }
  return routes
}

/** A layout's path is a whole-segment prefix of the page's. */
const isAbove = (layout: string, page: string) =>
  layout === '/' || page === layout || page.startsWith(`${layout}/`)

export function pagePreloads(): Plugin {
  let base = '/'
  let root = process.cwd()
  return {
    name: 'vcc-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base
      root = config.root
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      const closure = (start: string[]) => {
        const seen = new Set<string>()
        const visit = (name: string) => {
          if (seen.has(name)) return
          seen.add(name)
          for (const dep of byName.get(name)?.imports ?? []) visit(dep)
        }
        start.forEach(visit)
        return seen
      }
      const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName)
      const inEntry = closure(entry)
      const chunksOf = (file: string) =>
        chunks
          .filter((c) => c.facadeModuleId?.startsWith(`${file}?`) ?? false)
          .map((c) => c.fileName)

      const routes = readRoutes(path.join(root, 'src/routes'))
      const pages: PagePreloads['pages'] = {}
      for (const page of routes.filter((r) => !r.isLayout)) {
        const chain = [
          ...routes.filter((r) => r.isLayout && isAbove(r.routePath, page.routePath)),
          page,
        ]
        const files = [...closure(chain.flatMap((r) => chunksOf(r.file)))]
          .filter((f) => !inEntry.has(f))
          .map((f) => base + f)
        pages[page.routePath] = {
          files,
          namespaces: [...new Set([...BASE_NAMESPACES, ...chain.flatMap((r) => r.namespaces)])],
        }
      }

      const namespaces: PagePreloads['namespaces'] = {}
      for (const chunk of chunks) {
        // A JSON file is a chunk of its own, or shares one with the other base namespaces of its
        // language (vite.config.ts), which then serves all of them.
        for (const id of chunk.moduleIds) {
          const m = /\/src\/i18n\/locales\/([^/]+)\/([a-zA-Z]+)\.json$/.exec(id)
          if (m) (namespaces[m[1]] ??= {})[m[2]] = base + chunk.fileName
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: JSON.stringify({ pages, namespaces } satisfies PagePreloads),
      })
    },
  }
}
