import { missingNeeds } from '../../../src/lib/screens'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import type { Catalogue } from './queries'
import { RoleRules } from './rules'

/**
 * A screen granted without the screens whose calls it makes (`needs` in src/lib/screens.ts:
 * the card detail lists the card's transactions) would open half refused, so the save refuses
 * the half grant (1169, on the permission tree's field), naming each screen and what it needs
 * in the caller's language. The preview refuses it alike, before anything is written.
 */
export function refuseHalfGrant(ctx: ServiceContext, cat: Catalogue, menus: readonly string[]) {
  const missing = missingNeeds(new Set(menus))
  if (!missing.length) return
  const lang = (ctx.lang ?? 'en-US').replace('-', '_')
  const byName = new Map(cat.menus.map((m) => [m.name, m]))
  const label = (name: string) => {
    const language = byName.get(name)?.language
    return language?.[lang] ?? language?.en_US ?? name
  }
  const names = missing
    .map((m) => ctx.t('roles:needsPair', { screen: label(m.screen), needs: label(m.needs) }))
    .join(', ')
  throw fieldRefusal(ctx, RoleRules.halfGrant, 'menuIds', 'refusals:role.halfGrant', { names })
}
