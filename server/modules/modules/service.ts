import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { screenByUrl } from '../../../src/lib/screens'
import type {
  ButtonRow,
  DevopsModuleRow,
  ModuleRow,
  ModuleSave,
  RoleDevopsData,
} from '../../../src/resources/modules'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import { buttons, menus, roleMenus, roles } from '../../db/schema'
import { BizError } from '../../http/errors'
import { fieldRefusal, requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import {
  allButtons,
  allMenus,
  devopsMenus,
  heldBy,
  holders,
  isBuiltIn,
  menuById,
  roleList,
  toModuleRow,
} from './queries'
import { ModuleRules } from './rules'

/** Operator modules' ids start here, above every registry id. */
const OPERATOR_MODULE_IDS = 10_000_000

export async function listModules(ctx: ServiceContext): Promise<ModuleRow[]> {
  return (await allMenus(ctx.db)).map(toModuleRow)
}

/** The parent must be a group, and not the module itself or one of its descendants. */
async function checkParent(tx: Db, id: number | undefined, parentId: number | null) {
  if (parentId === null) return
  const rows = await tx
    .select({ id: menus.id, parentId: menus.parentId, category: menus.category })
    .from(menus)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const parent = byId.get(parentId)
  if (!parent || parent.category !== 'group') throw new BizError(ModuleRules.badParent)
  for (let p: number | null = parentId; p !== null; p = byId.get(p)?.parentId ?? null) {
    if (p === id) throw new BizError(ModuleRules.badParent)
  }
}

/** A module's url names a screen of the registry, and no other module's. */
async function checkUrl(ctx: ServiceContext, tx: Db, input: ModuleSave) {
  if (input.url === '') return
  if (!screenByUrl.has(input.url)) {
    throw fieldRefusal(ctx, ModuleRules.unknownUrl, 'url', 'refusals:module.unknownUrl', {
      url: input.url,
    })
  }
  const [clash] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.url, input.url), input.id ? ne(menus.id, input.id) : undefined))
  if (clash) {
    throw fieldRefusal(ctx, ModuleRules.urlTaken, 'url', 'refusals:module.urlTaken', {
      url: input.url,
    })
  }
}

/**
 * Creates a module (a group, or an entry of a screen no module shows yet) or edits one. A
 * built-in module keeps its url and category (the registry's); everything else an operator
 * sets is marked edited, so the start-up sync keeps it (server/db/menus.ts).
 */
export async function saveModule(ctx: ServiceContext, input: ModuleSave): Promise<ModuleRow> {
  requireButton(ctx, input.id ? 'module-management:edit' : 'module-management:add')
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const current = input.id ? await menuById(tx, input.id, true) : undefined
    if (input.id && !current) throw new BizError(ModuleRules.notFound)
    const category = current ? current.category : (input.category ?? 'page')
    if (current && isBuiltIn(current) && input.url !== current.url) {
      throw new BizError(ModuleRules.builtInFixed)
    }
    if (current && input.category && input.category !== current.category) {
      throw new BizError(ModuleRules.builtInFixed)
    }
    if (category === 'group' && input.url !== '') {
      throw fieldRefusal(ctx, ModuleRules.unknownUrl, 'url', 'refusals:module.unknownUrl', {
        url: input.url,
      })
    }
    if (category !== 'group' && input.url === '' && !current) {
      throw fieldRefusal(ctx, ModuleRules.unknownUrl, 'url', 'refusals:module.unknownUrl', {
        url: '',
      })
    }
    await checkUrl(ctx, tx, input)
    await checkParent(tx, input.id, input.parentId)
    const values = {
      url: input.url,
      icon: input.icon,
      parentId: input.parentId,
      position: input.position,
      seq: input.seq,
      isHidden: input.isHidden,
      disabled: input.disabled ? '1' : '0',
      headerShow: input.headerShow,
      breadcrumbShow: input.breadcrumbShow,
      language: { ...current?.language, en_US: input.nameEn, zh_CN: input.nameZh },
      editedAt: now,
    }
    let saved: typeof menus.$inferSelect
    if (current) {
      ;[saved] = await tx.update(menus).set(values).where(eq(menus.id, current.id)).returning()
    } else {
      const [{ top }] = await tx.select({ top: sql<string | null>`max(${menus.id})` }).from(menus)
      const id = Math.max(Number(top ?? 0) + 1, OPERATOR_MODULE_IDS)
      ;[saved] = await tx
        .insert(menus)
        .values({ ...values, id, name: `module-${id}`, nameKey: `module-${id}`, category })
        .returning()
    }
    await audit(
      ctx,
      {
        action: current ? 'module.update' : 'module.create',
        target: `module:${saved.id}`,
        detail: { before: current ? toModuleRow(current) : null, after: toModuleRow(saved) },
      },
      tx,
    )
    return toModuleRow(saved)
  })
}

/** Deletes operator modules; a built-in one, or a group that still holds entries, is refused. */
export async function deleteModules(ctx: ServiceContext, ids: number[]): Promise<number> {
  requireButton(ctx, 'module-management:delete')
  const unique = [...new Set(ids)]
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(menus).where(inArray(menus.id, unique)).for('update')
    if (rows.length !== unique.length) throw new BizError(ModuleRules.notFound)
    const builtIn = rows.find(isBuiltIn)
    if (builtIn) throw new BizError(ModuleRules.builtInDelete, { name: builtIn.name })
    const [child] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(inArray(menus.parentId, unique)))
    if (child && !unique.includes(child.id)) throw new BizError(ModuleRules.hasChildren)
    await tx.delete(buttons).where(inArray(buttons.menuId, unique))
    await tx.delete(menus).where(inArray(menus.id, unique))
    await audit(
      ctx,
      {
        action: 'module.delete',
        target: unique.map((id) => `module:${id}`).join(','),
        detail: { before: rows.map(toModuleRow), after: null },
      },
      tx,
    )
    return rows.length
  })
}

const toButtonRow = ({ button: b, screen }: Awaited<ReturnType<typeof allButtons>>[number]) => ({
  id: b.id,
  code: b.code,
  menuId: b.menuId,
  screen,
  language: { en_US: b.language.en_US ?? b.code, zh_CN: b.language.zh_CN ?? b.code },
  menuRouterList: b.menuRouterList,
  edited: b.editedAt !== null,
})

export async function listButtons(ctx: ServiceContext): Promise<ButtonRow[]> {
  return (await allButtons(ctx.db)).map(toButtonRow)
}

/** Renames a button (its code and the forms it opens are the registry's). */
export async function saveButton(
  ctx: ServiceContext,
  input: { id: number; nameEn: string; nameZh: string },
): Promise<ButtonRow> {
  requireButton(ctx, 'button-management:edit')
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(buttons).where(eq(buttons.id, input.id)).for('update')
    if (!current) throw new BizError(ModuleRules.buttonNotFound)
    const [saved] = await tx
      .update(buttons)
      .set({
        language: { ...current.language, en_US: input.nameEn, zh_CN: input.nameZh },
        editedAt: ctx.clock.now(),
      })
      .where(eq(buttons.id, input.id))
      .returning()
    await audit(
      ctx,
      {
        action: 'button.update',
        target: `button:${saved.id}`,
        detail: { before: current.language, after: saved.language, code: saved.code },
      },
      tx,
    )
    const [screen] = await tx
      .select({ name: menus.name })
      .from(menus)
      .where(eq(menus.id, saved.menuId))
    return toButtonRow({ button: saved, screen: screen.name })
  })
}

/** The devops modules, each with the roles that hold it (devops-module-list). */
export async function listDevopsModules(ctx: ServiceContext): Promise<DevopsModuleRow[]> {
  const modules = await devopsMenus(ctx.db)
  const held = await holders(
    ctx.db,
    modules.map((m) => m.id),
  )
  return modules.map((m) => ({
    ...toModuleRow(m),
    roles: held.filter((h) => h.menuId === m.id).map((h) => ({ id: h.roleId, name: h.name })),
  }))
}

/** devops-module-save: a devops module's names, order and disabled flag. */
export async function saveDevopsModule(
  ctx: ServiceContext,
  input: { id: number; nameEn: string; nameZh: string; seq: number; disabled: boolean },
): Promise<ModuleRow> {
  requireButton(ctx, 'devops-module-list:edit')
  return ctx.db.transaction(async (tx) => {
    const current = await menuById(tx, input.id, true)
    if (!current) throw new BizError(ModuleRules.notFound)
    if (current.category !== 'devops') throw new BizError(ModuleRules.notDevops)
    const [saved] = await tx
      .update(menus)
      .set({
        language: { ...current.language, en_US: input.nameEn, zh_CN: input.nameZh },
        seq: input.seq,
        disabled: input.disabled ? '1' : '0',
        editedAt: ctx.clock.now(),
      })
      .where(eq(menus.id, input.id))
      .returning()
    await audit(
      ctx,
      {
        action: 'devops-module.update',
        target: `module:${saved.id}`,
        detail: { before: toModuleRow(current), after: toModuleRow(saved) },
      },
      tx,
    )
    return toModuleRow(saved)
  })
}

/** role-devops-module-saveinfo's data: the roles, and which devops modules the chosen one holds. */
export async function roleDevops(ctx: ServiceContext, roleId?: number): Promise<RoleDevopsData> {
  const rolesList = await roleList(ctx.db)
  if (roleId !== undefined && !rolesList.some((r) => r.id === roleId)) {
    throw new BizError(ModuleRules.roleNotFound)
  }
  const modules = await devopsMenus(ctx.db)
  const held =
    roleId === undefined
      ? new Set<number>()
      : new Set(
          (
            await heldBy(
              ctx.db,
              roleId,
              modules.map((m) => m.id),
            )
          ).map((h) => h.menuId),
        )
  return {
    roles: rolesList,
    roleId: roleId ?? null,
    modules: modules.map((m) => ({
      id: m.id,
      name: m.name,
      language: toModuleRow(m).language,
      held: held.has(m.id),
    })),
  }
}

/**
 * Sets which devops modules a role holds: exactly `menuIds` of the devops modules; each one
 * granted brings its parent (devops-index for a dashboard section, the operations group for
 * a page), as granting a page brings its group. Written in role_menus, so the role cache of
 * every instance drops at once (the table's trigger).
 */
export async function saveRoleDevops(
  ctx: ServiceContext,
  input: { roleId: number; menuIds: number[] },
): Promise<RoleDevopsData> {
  requireButton(ctx, 'devops-module-management:grant')
  await ctx.db.transaction(async (tx) => {
    const [role] = await tx.select().from(roles).where(eq(roles.id, input.roleId)).for('update')
    if (!role) throw new BizError(ModuleRules.roleNotFound)
    const modules = await devopsMenus(tx)
    const ids = new Set(modules.map((m) => m.id))
    const chosen = [...new Set(input.menuIds)]
    if (chosen.some((id) => !ids.has(id))) throw new BizError(ModuleRules.notDevops)
    const before = (await heldBy(tx, role.id, [...ids])).map((h) => h.menuId).sort()
    await tx
      .delete(roleMenus)
      .where(and(eq(roleMenus.roleId, role.id), inArray(roleMenus.menuId, [...ids])))
    const parents = modules
      .filter((m) => chosen.includes(m.id) && m.parentId !== null)
      .map((m) => m.parentId!)
    const rows = [...new Set([...chosen, ...parents])].map((menuId) => ({
      roleId: role.id,
      menuId,
    }))
    if (rows.length) await tx.insert(roleMenus).values(rows).onConflictDoNothing()
    await audit(
      ctx,
      {
        action: 'devops-module.grant',
        target: `role:${role.id}`,
        detail: { before, after: [...chosen].sort() },
      },
      tx,
    )
  })
  return roleDevops(ctx, input.roleId)
}
