/**
 * The signed-in user's menus (POST /menu/query): the one query the guard, the side menu, the
 * palette, the tabs and the screens' button checks share. Spec §4: the answer is cached in
 * localStorage and fetched only when absent, so a reload does not ask again; signing out or in
 * forgets it. Keyed by login name, so another user on the same browser never sees these grants.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { call } from '../../api/client'
import { readJson, readUser, removeKey, STORAGE_KEYS, writeJson } from '../../api/storage'
import { buildMenuModel, type MenuData, type MenuModel } from '../../lib/menuModel'

interface CachedMenus {
  userName: string
  data: MenuData
}

const currentUserName = () => readUser()?.userName ?? ''

function readCache(userName: string): MenuData | undefined {
  const cached = readJson<CachedMenus | null>(STORAGE_KEYS.menuList, null)
  return cached && cached.userName === userName ? cached.data : undefined
}

function writeCache(userName: string, data: MenuData): void {
  writeJson(STORAGE_KEYS.menuList, { userName, data } satisfies CachedMenus)
}

export const menuQueryKey = (userName = currentUserName()) => ['menu', 'query', userName] as const

export const menuQueryOptions = () => {
  const userName = currentUserName()
  return queryOptions({
    queryKey: menuQueryKey(userName),
    queryFn: async () => {
      const data = (await call('/menu/query')) as MenuData
      writeCache(userName, data)
      return data
    },
    initialData: () => readCache(userName),
    // Fresh until the user signs out or changes something through the calls below.
    staleTime: Infinity,
    // Nobody signed in (the session has just ended and the shell is still on screen): no
    // call, which could only answer 401. The guard's ensureQueryData does not read this.
    enabled: userName !== '',
  })
}

/** Changes the cached menus in place (query and storage) after a pin or a visit. */
export function updateMenus(qc: QueryClient, change: (data: MenuData) => MenuData): void {
  const userName = currentUserName()
  const next = qc.setQueryData<MenuData>(menuQueryKey(userName), (prev) =>
    prev ? change(prev) : prev,
  )
  if (next) writeCache(userName, next)
}

/**
 * The rights changed under the console (a 403 or 1403, or a new `/menu/version`): the menus
 * and buttons are asked for again, and every screen showing them follows at once.
 */
export function refreshMenus(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: menuQueryKey() })
}

/** Sign-in or sign-out: the next protected navigation asks the server again. */
export function forgetMenus(qc: QueryClient): void {
  removeKey(STORAGE_KEYS.menuList)
  qc.removeQueries({ queryKey: ['menu'] })
}

const modelCache = new WeakMap<MenuData, MenuModel>()

/** The derived model, built once per answer. */
export function menuModelOf(data: MenuData): MenuModel {
  let model = modelCache.get(data)
  if (!model) {
    model = buildMenuModel(data)
    modelCache.set(data, model)
  }
  return model
}

/** The menus inside the /main shell, where the guard has already loaded them. */
export function useMenuModel(): MenuModel | undefined {
  const q = useQuery(menuQueryOptions())
  return q.data ? menuModelOf(q.data) : undefined
}
