import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  GrantMenu,
  RoleDetail,
  RolePreview,
  roles as definition,
} from '../../../src/resources/roles'
import type { SaveOf } from '../../../src/resources/kit'
import { audit, changedFields } from '../../audit'
import type { Actor } from '../../auth/actor'
import { grantsWithin, PLATFORM_ADMIN_ONLY } from '../../auth/grantable'
import { reachOf, reachOfOwner, reachWithin, type Reach } from '../../auth/scope'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/uniqueViolation'
import type { LocaleMap } from '../../db/schema'
import { companies, roles, users } from '../../db/schema'
import { BizError, CommonRules } from '../../http/errors'
import { fieldRefusal, requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import {
  catalogue,
  grantIdsOf,
  holderCount,
  holders,
  nameTaken,
  visibleRoles,
  writeGrants,
  type Catalogue,
  type GrantIds,
  type RoleRow,
} from './queries'
import { refuseHalfGrant } from './needs'
import { RoleRules } from './rules'

type SaveInput = SaveOf<typeof definition>
type Acting = ServiceContext & { actor: Actor }

/** Screens only the platform administrator role may hold (devops-index). */

/**
 * What makes the platform administrator role the platform administrator: its own screens and
 * the ability to administer roles and administrators. A save of that role may not drop any of
 * them, so the last
 * platform administrator can always give rights back.
 */
const PLATFORM_ADMIN_CORE = {
  menus: [
    ...PLATFORM_ADMIN_ONLY,
    'system-administration',
    'role-management',
    'role-management-save',
    'user-management',
    'user-management-save',
  ],
  buttons: [
    'role-management:add',
    'role-management:edit',
    'user-management:add',
    'user-management:edit',
    'user-management:unlock',
  ],
}

const labelOf = (ctx: ServiceContext, language: LocaleMap, fallback: string) =>
  language[(ctx.lang ?? 'en-US').replace('-', '_')] ?? language.en_US ?? fallback

type CatalogueButton = Catalogue['buttons'][number]

/** A button as the caller reads it: "Card list · Freeze". */
function buttonLabel(ctx: ServiceContext, cat: Catalogue, b: CatalogueButton) {
  const page = cat.menus.find((m) => m.id === b.menuId)!
  return ctx.t('roles:button', {
    menu: labelOf(ctx, page.language, page.name),
    button: labelOf(ctx, b.language, b.code),
  })
}

/** Menu names and button codes as the caller reads them (a refusal names them so, never codes). */
function grantLabels(ctx: ServiceContext, cat: Catalogue, codes: string[]): string {
  return codes
    .map((code) => {
      const menu = cat.menus.find((m) => m.name === code)
      if (menu) return labelOf(ctx, menu.language, menu.name)
      const button = cat.buttons.find((b) => b.code === code)
      return button ? buttonLabel(ctx, cat, button) : code
    })
    .join(ctx.t('roles:listSeparator'))
}

/** Menu names and button codes of a set of ids, and the labels the caller reads. */
function named(ctx: ServiceContext, cat: Catalogue, ids: GrantIds) {
  const menus = cat.menus.filter((m) => ids.menuIds.includes(m.id))
  const buttons = cat.buttons.filter((b) => ids.buttonIds.includes(b.id))
  return {
    menus: menus.map((m) => m.name),
    buttons: buttons.map((b) => b.code),
    menuLabels: menus.map((m) => labelOf(ctx, m.language, m.name)),
    buttonLabels: buttons.map((b) => buttonLabel(ctx, cat, b)),
  }
}

/**
 * The grants as saved: every id known, and closed upwards — a button's page, a page's group
 * and the forms a granted button opens come with it (as the demo grants do), so a role never
 * holds a button it cannot reach.
 */
function closeGrants(cat: Catalogue, input: GrantIds): GrantIds {
  const menuById = new Map(cat.menus.map((m) => [m.id, m]))
  const menuByName = new Map(cat.menus.map((m) => [m.name, m]))
  const buttonById = new Map(cat.buttons.map((b) => [b.id, b]))
  const menuIds = new Set<number>()
  const addMenu = (id: number) => {
    for (let m = menuById.get(id); m && !menuIds.has(m.id); m = menuById.get(m.parentId ?? -1))
      menuIds.add(m.id)
  }
  for (const id of input.menuIds) {
    if (!menuById.has(id)) throw new BizError(CommonRules.invalidInput)
    addMenu(id)
  }
  for (const id of input.buttonIds) {
    const b = buttonById.get(id)
    if (!b) throw new BizError(CommonRules.invalidInput)
    addMenu(b.menuId)
    for (const form of b.opens.split(',').filter(Boolean)) {
      const m = menuByName.get(form)
      if (m) addMenu(m.id)
    }
  }
  const sorted = (s: Iterable<number>) => [...s].sort((a, b) => a - b)
  return { menuIds: sorted(menuIds), buttonIds: sorted(new Set(input.buttonIds)) }
}

/** The role if the caller sees it (else 404, like a missing id); `lock` holds it for the write. */
async function visibleRole(ctx: Acting, db: Db, reach: Reach, roleId: number, lock = false) {
  const seen = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), visibleRoles(reach, ctx.actor)))
  if (!seen.length) throw new BizError(RoleRules.notFound)
  if (!lock) return seen[0]
  const [row] = await db.select().from(roles).where(eq(roles.id, roleId)).for('update')
  if (!row) throw new BizError(RoleRules.notFound)
  return row
}

/** A company user changes the roles of its reach only; the platform any role. */
const ownsRole = (reach: Reach, role: Pick<RoleRow, 'companyId'>) =>
  reach.kind === 'platform' ||
  (reach.kind === 'company' && role.companyId !== null && reach.companyIds.includes(role.companyId))

/**
 * Nobody changes the rights of an administrator who reaches more than they do (issue 25): a
 * role held by one is refused (1170, naming the holders), as the administrator's own save is.
 */
async function requireHoldersWithin(db: Db, reach: Reach, roleId: number) {
  if (reach.kind === 'platform') return
  const wider: string[] = []
  for (const u of await db.select().from(users).where(eq(users.roleId, roleId))) {
    if (!reachWithin(await reachOfOwner(db, { ...u, userId: u.id }), reach)) wider.push(u.loginName)
  }
  if (wider.length) throw new BizError(RoleRules.heldByWider, { names: wider.join(', ') })
}

/** The owner of a new role: one of the caller's companies, or (platform only) none. */
async function ownerOf(ctx: Acting, db: Db, reach: Reach, asked: number | null | undefined) {
  if (reach.kind === 'merchant') throw new BizError(CommonRules.viewOnly)
  const companyId = asked === undefined ? ctx.actor.companyId : asked
  if (companyId === null) {
    if (reach.kind !== 'platform') throw new BizError(RoleRules.notFound)
    return null
  }
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
  if (!company || (reach.kind === 'company' && !reach.companyIds.includes(companyId)))
    throw new BizError(RoleRules.notFound)
  return companyId
}

/** Nobody grants beyond their own rights; the platform administrator's screens stay its own. */
function checkGrants(
  ctx: Acting,
  cat: Catalogue,
  role: Pick<RoleRow, 'platformAdmin'> | undefined,
  grants: { menus: string[]; buttons: string[] },
) {
  if (!grantsWithin(ctx.actor, grants)) {
    const beyond = [
      ...grants.menus.filter((m) => !ctx.actor.menus.has(m)),
      ...grants.buttons.filter((b) => !ctx.actor.buttons.has(b)),
    ]
    throw new BizError(RoleRules.beyondOwn, { names: grantLabels(ctx, cat, beyond) })
  }
  if (role?.platformAdmin) {
    const kept = new Set([...grants.menus, ...grants.buttons])
    const lost = [...PLATFORM_ADMIN_CORE.menus, ...PLATFORM_ADMIN_CORE.buttons].filter(
      (g) => !kept.has(g),
    )
    if (lost.length)
      throw new BizError(RoleRules.platformAdminCore, { names: grantLabels(ctx, cat, lost) })
    return
  }
  const reserved = grants.menus.filter((m) => PLATFORM_ADMIN_ONLY.has(m))
  if (reserved.length)
    throw new BizError(RoleRules.platformAdminOnly, { names: grantLabels(ctx, cat, reserved) })
}

interface Snapshot {
  name: string
  description: string
  allMerchants: boolean
  menus: string[]
  buttons: string[]
}

const snapshot = (
  role: Pick<RoleRow, 'name' | 'description' | 'allMerchantAccess'>,
  grants: { menus: string[]; buttons: string[] },
): Snapshot => ({
  name: role.name,
  description: role.description,
  allMerchants: role.allMerchantAccess,
  menus: grants.menus,
  buttons: grants.buttons,
})

/**
 * Everything a save decides before it writes: the role (locked), its owner, the grants before
 * and after (closed, checked). The preview and the save share it, so the preview's numbers are
 * the save's.
 */
async function prepare(ctx: ServiceContext, tx: Db, input: SaveInput) {
  requireButton(ctx, input.roleId ? 'role-management:edit' : 'role-management:add')
  if (!input.menuIds.length) throw fieldRefusal(ctx, RoleRules.noMenus, 'menuIds', 'roles:noMenus')
  // No button is allowed: a view-only role (the auditor's); the form says so before saving.
  const reach = await reachOf(tx, ctx.actor)
  const current = input.roleId ? await visibleRole(ctx, tx, reach, input.roleId, true) : undefined
  if (current && !ownsRole(reach, current)) throw new BizError(CommonRules.viewOnly)
  if (current) await requireHoldersWithin(tx, reach, current.id)
  const companyId = current ? current.companyId : await ownerOf(ctx, tx, reach, input.companyId)
  const cat = await catalogue(tx)
  const beforeIds = current ? await grantIdsOf(tx, current.id) : { menuIds: [], buttonIds: [] }
  const afterIds = closeGrants(cat, input)
  const after = named(ctx, cat, afterIds)
  checkGrants(ctx, cat, current, after)
  refuseHalfGrant(ctx, cat, after.menus)
  if (await nameTaken(tx, input.name, current?.id))
    // Unique across the platform (roles.name), so a company administrator may be refused a
    // name it cannot see in its list: the message says why.
    throw nameTakenRefusal(ctx)
  return { current, companyId, cat, beforeIds, afterIds, before: named(ctx, cat, beforeIds), after }
}

const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x))

/** What a save would change: menus and buttons added and removed, and how many hold the role. */
export async function preview(
  ctx: ServiceContext,
  input: SaveInput,
): Promise<z.output<typeof RolePreview>> {
  return ctx.db.transaction(async (tx) => {
    const p = await prepare(ctx, tx, input)
    return {
      menusAdded: minus(p.after.menuLabels, p.before.menuLabels),
      menusRemoved: minus(p.before.menuLabels, p.after.menuLabels),
      buttonsAdded: minus(p.after.buttonLabels, p.before.buttonLabels),
      buttonsRemoved: minus(p.before.buttonLabels, p.after.buttonLabels),
      affectedUsers: p.current ? await holderCount(tx, p.current.id) : 0,
    }
  })
}

/** Creates or updates a role and its grants, with an audit row holding before and after. */
export async function save(ctx: ServiceContext, input: SaveInput): Promise<{ roleId: number }> {
  return saveRole(ctx, input).catch((e: unknown) => {
    // The unique index's race: two saves of one name at once both passed `nameTaken`.
    if (isUniqueViolation(e)) throw nameTakenRefusal(ctx)
    throw e
  })
}

const nameTakenRefusal = (ctx: ServiceContext) =>
  fieldRefusal(ctx, RoleRules.duplicateName, 'name', 'refusals:role.duplicateName')

async function saveRole(ctx: ServiceContext, input: SaveInput): Promise<{ roleId: number }> {
  return ctx.db.transaction(async (tx) => {
    const p = await prepare(ctx, tx, input)
    const values = {
      name: input.name,
      description: input.description,
      allMerchantAccess: input.allMerchants,
    }
    const [saved] = p.current
      ? await tx.update(roles).set(values).where(eq(roles.id, p.current.id)).returning()
      : await tx
          .insert(roles)
          .values({ ...values, companyId: p.companyId, createdAt: ctx.clock.now() })
          .returning()
    await writeGrants(tx, saved.id, p.afterIds)
    await audit(
      ctx,
      {
        action: p.current ? 'role.update' : 'role.create',
        target: `role:${saved.id}`,
        detail: p.current
          ? changedFields(snapshot(p.current, p.before), snapshot(saved, p.after))
          : { after: snapshot(saved, p.after) },
      },
      tx,
    )
    return { roleId: saved.id }
  })
}

/** Deletes all of `ids` or none: each in reach and owned, none held by an administrator. */
export async function remove(ctx: ServiceContext, ids: number[]): Promise<number> {
  requireButton(ctx, 'role-management:delete')
  const unique = [...new Set(ids)]
  return ctx.db.transaction(async (tx) => {
    const reach = await reachOf(tx, ctx.actor)
    const rows: RoleRow[] = []
    for (const id of unique) rows.push(await visibleRole(ctx, tx, reach, id))
    if (rows.some((r) => !ownsRole(reach, r))) throw new BizError(CommonRules.viewOnly)
    const held = await holders(tx, unique)
    if (held.length) {
      const names = rows.filter((r) => held.some((h) => h.roleId === r.id)).map((r) => r.name)
      throw new BizError(RoleRules.inUse, { names: names.join(', ') })
    }
    await tx.select().from(roles).where(inArray(roles.id, unique)).for('update')
    const cat = await catalogue(tx)
    for (const role of rows) {
      const before = named(ctx, cat, await grantIdsOf(tx, role.id))
      await tx.delete(roles).where(eq(roles.id, role.id))
      await audit(
        ctx,
        {
          action: 'role.delete',
          target: `role:${role.id}`,
          detail: { before: snapshot(role, before), after: null },
          targetName: role.name,
        },
        tx,
      )
    }
    return rows.length
  })
}

/** The role as its form edits it, and whether the caller may change it. */
export async function detail(
  ctx: ServiceContext,
  roleId: number,
): Promise<z.output<typeof RoleDetail>> {
  const acting = ctx as Acting
  const reach = await reachOf(ctx.db, acting.actor)
  const role = await visibleRole(acting, ctx.db, reach, roleId)
  const ids = await grantIdsOf(ctx.db, role.id)
  const grants = named(ctx, await catalogue(ctx.db), ids)
  return {
    roleId: role.id,
    name: role.name,
    description: role.description,
    allMerchants: role.allMerchantAccess,
    companyId: role.companyId,
    menuIds: ids.menuIds,
    buttonIds: ids.buttonIds,
    editable: ownsRole(reach, role) && grantsWithin(acting.actor, grants),
    userCount: await holderCount(ctx.db, role.id),
  }
}

/**
 * The permission tree's menus with their buttons, labelled in the caller's language; what the
 * caller cannot grant (not held, or the platform administrator's own screens for another role)
 * is marked so, for the screen to show it disabled.
 */
export async function grantTree(ctx: ServiceContext, roleId?: number): Promise<GrantMenu[]> {
  const actor = (ctx as Acting).actor
  let platformAdminRole = false
  if (roleId) {
    const reach = await reachOf(ctx.db, actor)
    platformAdminRole = (await visibleRole(ctx as Acting, ctx.db, reach, roleId)).platformAdmin
  }
  const cat = await catalogue(ctx.db)
  return cat.menus.map((m) => ({
    id: m.id,
    name: m.name,
    parentId: m.parentId,
    label: labelOf(ctx, m.language, m.name),
    grantable: actor.menus.has(m.name) && (platformAdminRole || !PLATFORM_ADMIN_ONLY.has(m.name)),
    buttons: cat.buttons
      .filter((b) => b.menuId === m.id)
      .map((b) => ({
        id: b.id,
        code: b.code,
        label: labelOf(ctx, b.language, b.code),
        grantable: actor.buttons.has(b.code),
        opens: b.opens.split(',').filter(Boolean),
      })),
  }))
}
