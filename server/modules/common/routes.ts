import { z } from '@hono/zod-openapi'
import { SCREENS } from '../../../src/lib/screens'
import { button, PUBLIC, SESSION } from '../../auth/permissions'
import { audit } from '../../audit'
import { clearServerCaches } from '../../cache'
import { notifyCacheRefresh } from '../../cacheInvalidation'
import { syncMenus } from '../../db/menus'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError, CommonRules } from '../../http/errors'
import { ok } from '../../http/respond'
import { dictDescriptions, dictOptions } from './dictionary'
import {
  cardSchemeList,
  countryList,
  currencyList,
  isKnownCountry,
  phoneAreaList,
  stateList,
  timezoneList,
} from './reference'
import {
  CacheRefreshData,
  CardScheme,
  Country,
  CountryCodeBody,
  CountryState,
  Currency,
  DictCodesBody,
  DictOption,
  PhoneArea,
  Timezone,
} from './schemas'

const TAG = 'common'

/** Reference lists of spec §7 (/common/*), dictionary look-ups and the cache refresh. */
export function registerCommon(app: AdminApp) {
  // Public: the merchant self-registration form asks for a country before anyone signs in.
  app.openapi(
    action({
      path: '/common/countryList',
      tag: TAG,
      summary: 'Countries (ISO 3166-1) with localised names, calling codes and currencies',
      permission: PUBLIC,
      data: z.array(Country),
    }),
    async (c) => ok(c, await countryList(c.var.lang)),
  )

  app.openapi(
    action({
      path: '/common/queryCountryStateList',
      tag: TAG,
      summary: 'States and provinces of a country',
      permission: SESSION,
      body: CountryCodeBody,
      data: z.array(CountryState),
    }),
    async (c) => {
      const { countryCode } = c.req.valid('json')
      if (!isKnownCountry(countryCode)) {
        // Same answer as a schema failure: the code is well formed but names no country.
        const message = c.var.t('validation:format')
        throw new BizError(
          CommonRules.invalidInput,
          {},
          {
            fieldErrors: [{ field: 'countryCode', message }],
          },
        )
      }
      return ok(c, await stateList(countryCode, c.var.lang))
    },
  )

  app.openapi(
    action({
      path: '/common/currencyList',
      tag: TAG,
      summary: 'ISO 4217 currencies with their minor-unit exponent',
      permission: SESSION,
      data: z.array(Currency),
    }),
    (c) => ok(c, currencyList(c.var.lang)),
  )

  app.openapi(
    action({
      path: '/common/phoneAreaList',
      tag: TAG,
      summary: 'International calling codes per country',
      permission: SESSION,
      data: z.array(PhoneArea),
    }),
    (c) => ok(c, phoneAreaList(c.var.lang)),
  )

  app.openapi(
    action({
      path: '/common/timezoneList',
      tag: TAG,
      summary: 'IANA time zones with their current UTC offset, by offset',
      permission: SESSION,
      data: z.array(Timezone),
    }),
    (c) => ok(c, timezoneList(c.var.lang, c.var.deps.clock.now())),
  )

  app.openapi(
    action({
      path: '/common/queryCardSchemeList',
      tag: TAG,
      summary: 'Card schemes with number lengths and security code sizes',
      permission: SESSION,
      data: z.array(CardScheme),
    }),
    (c) => ok(c, cardSchemeList()),
  )

  app.openapi(
    action({
      path: '/common/queryDesc',
      tag: TAG,
      summary: 'Localised descriptions of every value of the dictionaries asked for',
      permission: SESSION,
      body: DictCodesBody,
      data: z.record(z.string(), z.record(z.string(), z.string())),
    }),
    async (c) => {
      const { codes } = c.req.valid('json')
      return ok(c, await dictDescriptions(c.var.deps.db, c.var.lang, codes))
    },
  )

  app.openapi(
    action({
      path: '/dict/query',
      tag: 'dict',
      summary: 'Active values of the dictionaries asked for, for selects',
      permission: SESSION,
      body: DictCodesBody,
      data: z.record(z.string(), z.array(DictOption)),
    }),
    async (c) => {
      const { codes } = c.req.valid('json')
      return ok(c, await dictOptions(c.var.deps.db, c.var.lang, codes))
    },
  )

  app.openapi(
    action({
      path: '/cache/refresh',
      tag: 'system',
      summary: 'Re-syncs menus from the screen registry and drops server caches',
      // Platform administrators: the one role that may change system parameters.
      permission: button('parameter-management:edit'),
      data: CacheRefreshData,
    }),
    async (c) => {
      await syncMenus(c.var.deps)
      // This instance at once; the others (and this one again) when the notification arrives.
      const caches = clearServerCaches()
      await notifyCacheRefresh(c.var.deps.db)
      const data = { menus: SCREENS.length, caches }
      await audit(c, { action: 'cache.refresh', detail: data })
      return ok(c, data)
    },
  )
}
