import { describe, expect, it } from 'vitest'
import type { FileRoutesByFullPath } from '../routeTree.gen'
import { screenUrl, type ScreenUrl } from './screens'

// Every screen URL of the registry is a route of the console: a registry URL with no route, or a
// misspelt one, does not compile (`Missing` names it).
type Missing = Exclude<ScreenUrl, keyof FileRoutesByFullPath>
const missing: [Missing] extends [never] ? 'none' : Missing = 'none'

describe('screen URLs', () => {
  it('are typed from the registry and are all routes', () => {
    expect(missing).toBe('none')
    const url: ScreenUrl = screenUrl('dict-management')
    expect(url).toBe('/main/dict-management')
    // @ts-expect-error no screen has this URL
    const wrong: ScreenUrl = '/main/dict-managment'
    expect(wrong).not.toBe(url)
  })
})
