import { z } from '@hono/zod-openapi'
import type { MenuEntry } from '../../../src/lib/menus'
import { id } from '../../../src/lib/validators'

export const MenuLanguage = z
  .object({ en_US: z.string(), zh_CN: z.string() })
  .openapi('MenuLanguage', { description: 'Label per locale' })

export const MenuButton = z
  .object({
    buttonId: z.number().int(),
    code: z.string().openapi({ example: 'dict-management:add' }),
    language: MenuLanguage,
    menuRouterList: z.string().openapi({ description: 'Comma separated route names it opens' }),
  })
  .openapi('MenuButton')

/** Spec §3 menu entry; recursive through subMenuList. */
export const MenuEntrySchema: z.ZodType<MenuEntry> = z
  .object({
    menuId: z.number().int(),
    nameKey: z.string(),
    url: z.string(),
    icon: z.string(),
    disabled: z.string().openapi({ description: "'0' enabled, '1' disabled", example: '0' }),
    position: z.union([z.literal(1), z.literal(2)]).openapi({
      description: '1: system list (header), 2: administration list (side menu)',
    }),
    get subMenuList() {
      return z.array(MenuEntrySchema)
    },
    language: MenuLanguage,
    seq: z.number().int(),
    style: z.string(),
    reportCode: z.string(),
    useLevel: z.string(),
    category: z.string().openapi({ description: "'group', 'page' or 'form'" }),
    headerShow: z.boolean(),
    breadcrumbShow: z.boolean(),
    isHidden: z.boolean(),
    descLanguage: z.object({ en_US: z.string().optional(), zh_CN: z.string().optional() }),
    buttonList: z.array(MenuButton),
  })
  .openapi('MenuEntry')

export const MenuQueryData = z.object({
  systemMenuList: z.array(MenuEntrySchema),
  buttonLinkPageList: z.array(
    z.object({ buttonId: z.number().int(), code: z.string(), menuRouterList: z.string() }),
  ),
  pinnedList: z.array(z.number().int()).openapi({ description: 'Pinned menu ids, oldest first' }),
  recentList: z
    .array(z.number().int())
    .openapi({ description: 'Recently used menu ids, most recent first (at most 5)' }),
  rightsVersion: z
    .string()
    .openapi({ description: 'The fingerprint of these rights, as /menu/version answers it' }),
})

export const RightsVersionData = z.object({
  rightsVersion: z.string().openapi({
    description: 'Changes whenever the caller’s role, screens or buttons change',
    example: '3f2a9c0d1e4b5a69',
  }),
})

export const MenuIdBody = z.object({
  menuId: id().openapi({ example: 9010 }),
})

export const ChooseItem = z.object({
  menuId: z.number().int(),
  nameKey: z.string(),
  url: z.string(),
  icon: z.string(),
  position: z.union([z.literal(1), z.literal(2)]),
  language: MenuLanguage,
  /** The group the page sits in, for the chooser's headings. */
  upId: z.number().int().nullable(),
  pinned: z.boolean(),
})
