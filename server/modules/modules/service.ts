import { and, eq, inArray } from 'drizzle-orm'
import type { DevopsModuleRow, ModuleRow, RoleDevopsData } from '../../../src/resources/modules'
import { audit } from '../../audit'
import { PLATFORM_ADMIN_ONLY } from '../../auth/grantable'
import { menus, roleMenus, roles } from '../../db/schema'
import { BizError } from '../../http/errors'
import { requireButton } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { devopsMenus, heldBy, holders, menuById, roleList, toModuleRow } from './queries'
import { RoleRules } from '../roles/rules'
import { ModuleRules } from './rules'

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
    // The same rule as the role editor's: platform-wide figures only for a platform role.
    const reserved = modules
      .filter((m) => chosen.includes(m.id) && PLATFORM_ADMIN_ONLY.has(m.name))
      .map((m) => m.name)
    if (!role.platformAdmin && reserved.length)
      throw new BizError(RoleRules.platformAdminOnly, { names: reserved.join(', ') })
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
