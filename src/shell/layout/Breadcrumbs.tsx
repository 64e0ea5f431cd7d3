import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { FlatMenuEntry } from '../../lib/menus'
import { menuLabel, trailOf, type MenuModel } from '../../lib/menuModel'
import { useTabs } from '../tabs/store'

/** Home › group › page, for pages whose menu entry asks for it (breadcrumbShow). */
export function Breadcrumbs({ model, entry }: { model: MenuModel; entry: FlatMenuEntry }) {
  const { t, i18n } = useTranslation()
  const trail = trailOf(model, entry)
  // A page with a heading of its own (a form) ends the trail with it, as its tab does.
  const titleKey = useTabs().find((tab) => tab.path === entry.url)?.titleKey
  return (
    <nav aria-label={t('shell:header.breadcrumb')} className="vcc-breadcrumbs">
      <ol>
        <li>
          <Link to={'/main/index' as never}>{t('shell:home')}</Link>
        </li>
        {trail.map((e, i) => {
          const last = i === trail.length - 1
          const label = last && titleKey ? t(titleKey) : menuLabel(e, i18n.language)
          return (
            <li key={e.menuId}>
              {last ? (
                <span aria-current="page">{label}</span>
              ) : e.url ? (
                <Link to={e.url as never}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
