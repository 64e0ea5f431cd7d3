import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { MessageKey } from '../../i18n/keys'
import { normalisePath } from '../../lib/access'
import { getTabs, setPageTitle, setTabs } from '../../shell/tabs/store'
import { armListFocus } from './lastSearch'

/**
 * A form's tab: it shows the form's heading (`titleKey`, e.g. 'dict:editTitle'), like the
 * breadcrumb; the returned `closeAfterSave(back)` goes back to the list (`back`, the form's own
 * way back), closes the form's tab and puts the keyboard on the list's cursor row.
 */
export function useFormTab(titleKey: MessageKey, listScreen: string) {
  const path = useTabTitle(titleKey)
  return useCallback(
    async (back: () => Promise<unknown>) => {
      armListFocus(listScreen)
      await back()
      setTabs(getTabs().filter((tab) => tab.path !== path))
    },
    [path, listScreen],
  )
}

/**
 * The current page's tab says `titleKey` (the page's heading) instead of its menu name: also
 * when the record could not be opened (issue 26: a "Not found" administrator under an "Add
 * administrator" tab). Returns the page's path.
 */
export function useTabTitle(titleKey: MessageKey): string {
  const router = useRouter()
  // The page's own path, fixed at mount: while leaving, the router already shows the list's
  // path for a render, and the title must not land on the list's tab.
  const [path] = useState(() => normalisePath(router.state.location.pathname))
  useEffect(() => setPageTitle(path, titleKey), [path, titleKey])
  return path
}
