/**
 * Radix's tooltip provider (hover delay shared by every tooltip). Radix Themes' root <Theme>
 * would render it, but then the whole tooltip and positioning code (Floating UI) is in every
 * page's first load, /login's too: the build gives <Theme> an empty provider instead
 * (vite.config.ts, `themeWithoutTooltipProvider`) and the /main shell renders this one around
 * all its screens. A tooltip outside the shell (none today: the public pages have none) needs
 * it too: Radix refuses a tooltip without a provider.
 */
import { Tooltip } from 'radix-ui'
import type { ReactNode } from 'react'

export function TooltipProvider({ children }: { children: ReactNode }) {
  // The delay Radix Themes' <Theme> gives its own provider.
  return <Tooltip.Provider delayDuration={200}>{children}</Tooltip.Provider>
}
