/**
 * Radix Themes' stylesheet in its documented parts instead of `styles.css`: the base tokens,
 * the colour scales the console uses, the components and the utilities. `styles.css` carries all
 * 30 colour scales (light and dark) — about 20 KB of gzip CSS on every page, /login's first
 * load included, for colours nothing shows. A colour used anywhere in src (a `color` prop,
 * an accent, a gray) needs its line here; src/themeStyles.test.ts fails until it has one.
 */
import '@radix-ui/themes/tokens/base.css'
import '@radix-ui/themes/tokens/colors/gray.css'
import '@radix-ui/themes/tokens/colors/slate.css'
import '@radix-ui/themes/tokens/colors/indigo.css'
import '@radix-ui/themes/tokens/colors/red.css'
import '@radix-ui/themes/tokens/colors/amber.css'
import '@radix-ui/themes/tokens/colors/green.css'
import '@radix-ui/themes/tokens/colors/blue.css'
import '@radix-ui/themes/components.css'
import '@radix-ui/themes/utilities.css'
