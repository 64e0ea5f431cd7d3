/**
 * The sign-in page rendered at build time, once per language (scripts/prerender.mjs writes the
 * pages; src/lib/prerenderedPage.ts says why). Built by `vite build --ssr`: a build tool, never
 * loaded by a browser.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { i18n } from './i18n'
import { LANGUAGES, type Language } from './i18n/languages'
import { createAppRouter } from './router'
import {
  PRERENDER_FIXUP_SCRIPT,
  PRERENDER_HOLD_SCRIPT,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PATH,
} from './lib/prerenderedPage'
import { titleKeyOf, titleText } from './shell/title'

// What scripts/prerender.mjs needs beside the render.
export { LANGUAGES, PRERENDER_FIXUP_SCRIPT, PRERENDER_HOLD_SCRIPT, PRERENDERED_ATTRIBUTE }

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string
  /** The document's title. */
  title: string
}

/** The page as the console renders it for a first visit: no session, light theme. */
export async function renderPage(lang: Language): Promise<PrerenderedPage> {
  await i18n.changeLanguage(lang)
  const router = createAppRouter({
    history: createMemoryHistory({
      initialEntries: [`${__BASE_PATH__.replace(/\/$/, '')}${PRERENDERED_PATH}`],
    }),
  })
  // The route's code and text, as the root's beforeLoad loads them in the browser.
  await router.load()
  const key = titleKeyOf(router.state.matches)
  const title = titleText(key ? i18n.t(key) : '', i18n.t('common:productName'))
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  return { html, title }
}
