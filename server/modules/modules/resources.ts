import { and, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { screenByUrl } from '../../../src/lib/screens'
import { buttons as buttonsDef, modules as modulesDef } from '../../../src/resources/moduleAdmin'
import type { SaveOf } from '../../../src/resources/kit'
import type { Db } from '../../db/client'
import { buttons, menus } from '../../db/schema'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { fieldRefusal } from '../../http/refusals'
import type { ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { likeLiteral } from '../../resources/where'
import { isBuiltIn, toModuleRow } from './queries'
import { ModuleRules } from './rules'

type ModuleSave = SaveOf<typeof modulesDef>
type MenuRow = typeof menus.$inferSelect

/** Operator modules' ids start here, above every registry id. */
const OPERATOR_MODULE_IDS = 10_000_000

const parent = alias(menus, 'parent')

/** A text filter over both languages' names of a `language` column (and another column). */
const nameLike = (language: AnyPgColumn, other: AnyPgColumn, value: unknown) => {
  const pattern = `%${likeLiteral(String(value))}%`
  return or(
    sql`${language}->>'en_US' ilike ${pattern} escape '\\'`,
    sql`${language}->>'zh_CN' ilike ${pattern} escape '\\'`,
    sql`${other} ilike ${pattern} escape '\\'`,
  )!
}

/**
 * The names written in both languages: on an update merged into the stored map (jsonb `||`), so
 * any other key it holds stays, as a rename in the old screens kept it.
 */
const languageOf = (column: AnyPgColumn, input: { id?: number } & Names) => {
  const names = { en_US: input.nameEn, zh_CN: input.nameZh }
  return input.id ? sql`${column} || ${JSON.stringify(names)}::jsonb` : names
}
interface Names {
  nameEn: string
  nameZh: string
}

/** The stored names as the save body's fields (a missing one reads as the route name or code). */
const namesOf = (language: MenuRow['language'], fallback: string) => ({
  nameEn: language.en_US ?? fallback,
  nameZh: language.zh_CN ?? fallback,
})

const unknownUrl = (ctx: ServiceContext, url: string) =>
  fieldRefusal(ctx, ModuleRules.unknownUrl, 'url', 'refusals:module.unknownUrl', { url })

/** The parent must be a group, and not the module itself or one of its descendants. */
async function checkParent(tx: Db, id: number | undefined, parentId: number | null) {
  if (parentId === null) return
  const rows = await tx
    .select({ id: menus.id, parentId: menus.parentId, category: menus.category })
    .from(menus)
  const byId = new Map(rows.map((r) => [r.id, r]))
  const found = byId.get(parentId)
  if (!found || found.category !== 'group') throw new BizError(ModuleRules.badParent)
  for (let p: number | null = parentId; p !== null; p = byId.get(p)?.parentId ?? null) {
    if (p === id) throw new BizError(ModuleRules.badParent)
  }
}

/**
 * A built-in module keeps its url and category (the registry's); a group has no url, a new page
 * names a screen of the registry that no other module shows.
 */
async function checkUrl(ctx: ServiceContext, tx: Db, input: ModuleSave, current?: MenuRow) {
  if (current && isBuiltIn(current) && input.url !== current.url)
    throw new BizError(ModuleRules.builtInFixed)
  if (current && input.category && input.category !== current.category)
    throw new BizError(ModuleRules.builtInFixed)
  const category = current ? current.category : (input.category ?? 'page')
  if (category === 'group' && input.url !== '') throw unknownUrl(ctx, input.url)
  if (category !== 'group' && input.url === '' && !current) throw unknownUrl(ctx, '')
  if (input.url === '') return
  if (!screenByUrl.has(input.url)) throw unknownUrl(ctx, input.url)
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

/** The next operator module id (and its route name `module-<id>`), computed in the insert. */
const nextId = sql`greatest(coalesce((select max(id) from menus), 0) + 1, ${OPERATOR_MODULE_IDS})`

/**
 * module-management: every menu entry. Everything an operator sets is marked edited
 * (`editedAt`), so the start-up sync keeps it (server/db/menus.ts); built-in modules are never
 * deleted, a group only once empty.
 */
export function registerModuleResource(app: AdminApp) {
  registerResource(app, modulesDef, {
    table: menus,
    id: menus.id,
    fields: { ...getTableColumns(menus), parentLanguage: parent.language },
    join: (q) => q.leftJoin(parent, eq(parent.id, menus.parentId)),
    joinsForDisplayOnly: true,
    columns: { group: menus.category },
    filterConditions: {
      name: (value) => nameLike(menus.language, menus.name, value),
      group: (value) => (value ? eq(menus.category, 'group') : ne(menus.category, 'group')),
    },
    toRow: (r) => ({
      ...toModuleRow(r),
      ...namesOf(r.language, r.name),
      parentEn: r.parentLanguage?.en_US ?? null,
      parentZh: r.parentLanguage?.zh_CN ?? null,
    }),
    scope: 'platform-only',
    audit: 'module',
    rules: {
      notFound: ModuleRules.notFound,
      save: [
        ModuleRules.unknownUrl,
        ModuleRules.urlTaken,
        ModuleRules.builtInFixed,
        ModuleRules.badParent,
      ],
      delete: [ModuleRules.builtInDelete, ModuleRules.hasChildren],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        await checkUrl(ctx, tx, input, current)
        await checkParent(tx, input.id, input.parentId)
      },
      savedOf: (row) => ({
        ...row,
        ...namesOf(row.language, row.name),
        disabled: row.disabled !== '0',
      }),
      writeValues: (ctx, input) => ({
        language: languageOf(menus.language, input) as never,
        disabled: input.disabled ? '1' : '0',
        editedAt: ctx.clock.now(),
      }),
      insertValues: (input) => ({
        id: nextId as never,
        name: sql`'module-' || ${nextId}` as never,
        nameKey: sql`'module-' || ${nextId}` as never,
        category: input.category ?? 'page',
      }),
      async beforeDelete(_ctx, tx, rows) {
        const builtIn = rows.find(isBuiltIn)
        if (builtIn) throw new BizError(ModuleRules.builtInDelete, { name: builtIn.name })
        const ids = rows.map((r) => r.id)
        const children = await tx
          .select({ id: menus.id })
          .from(menus)
          .where(inArray(menus.parentId, ids))
        if (children.some((c) => !ids.includes(c.id))) throw new BizError(ModuleRules.hasChildren)
        await tx.delete(buttons).where(inArray(buttons.menuId, ids))
      },
    },
  })
}

/**
 * button-management: every screen's buttons, the forms each opens (menuRouterList, the
 * registry's) and their names, the one thing an operator changes (kept by the sync: editedAt).
 */
export function registerButtonResource(app: AdminApp) {
  const screen = alias(menus, 'screen')
  registerResource(
    app,
    buttonsDef,
    {
      table: buttons,
      id: buttons.id,
      fields: { ...getTableColumns(buttons), screen: screen.name },
      join: (q) => q.innerJoin(screen, eq(screen.id, buttons.menuId)),
      columns: { screen: screen.name, name: buttons.code },
      filterConditions: { name: (value) => nameLike(buttons.language, buttons.code, value) },
      toRow: (r) => ({
        id: r.id,
        code: r.code,
        menuId: r.menuId,
        screen: r.screen,
        ...namesOf(r.language, r.code),
        menuRouterList: r.menuRouterList,
        edited: r.editedAt !== null,
      }),
      scope: 'platform-only',
      audit: 'button',
      rules: { notFound: ModuleRules.buttonNotFound },
      hooks: {
        savedOf: (row) => namesOf(row.language, row.code),
        writeValues: (ctx, input) => ({
          language: languageOf(buttons.language, input) as never,
          editedAt: ctx.clock.now(),
        }),
      },
    },
    ['list', 'detail', 'save', 'export'],
  )
}
