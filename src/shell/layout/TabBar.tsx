import { Link, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { normalisePath } from '../../lib/access'
import { menuLabel, type MenuModel } from '../../lib/menuModel'
import { Icon } from '../icons'
import { useTabs } from '../tabs/store'
import { closeCurrentOrTab } from '../tabs/actions'
import { hrefTarget } from '../navigation'

/**
 * The pages the user has opened (spec §3), in the order opened, persisted in the browser.
 * Links, not ARIA tabs: each one is a page of its own, reached by its URL.
 */
export function TabBar({ model, pathname }: { model: MenuModel; pathname: string }) {
  const { t, i18n } = useTranslation()
  const router = useRouter()
  const tabs = useTabs().filter((tab) => model.byUrl.has(tab.path))
  if (tabs.length === 0) return null
  const here = normalisePath(pathname)
  return (
    <nav aria-label={t('shell:tabs.label')} className="vcc-tabs" data-testid="tab-bar">
      <ul role="list">
        {tabs.map((tab) => {
          const entry = model.byUrl.get(tab.path)!
          const label = tab.titleKey ? t(tab.titleKey) : menuLabel(entry, i18n.language)
          const current = tab.path === here
          return (
            <li key={tab.path} className="vcc-tab" data-current={current || undefined}>
              <Link
                {...(hrefTarget(router, tab.href) as unknown as { to: never })}
                className="vcc-tab-link"
                aria-current={current ? 'page' : undefined}
              >
                {label}
              </Link>
              <button
                type="button"
                className="vcc-tab-close"
                aria-label={t('shell:tabs.close', { name: label })}
                onClick={() => void closeCurrentOrTab(router, tab.path)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
