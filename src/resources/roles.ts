import { z } from 'zod'
import { id, text, textarea } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/** At most this many menus or buttons in one role (the registry holds far fewer). */
const GRANTS_MAX = 2000
const ids = () => z.array(id()).max(GRANTS_MAX)

/**
 * Roles (role-management): a name, a description, all-merchant access and the menus and buttons
 * it grants. The list and export are the kit's; save, detail, delete and the preview of a save
 * keep the role's own shapes (`roleId`, `menuIds`, `buttonIds`), declared below.
 */
export const roles = defineResource({
  name: 'Role',
  api: '/role',
  screen: 'role-management',
  form: 'role-management-save',
  buttons: ['add', 'edit', 'delete'],
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    allMerchants: z.boolean(),
    /** null: a platform-wide role. */
    companyId: z.number().int().nullable(),
    companyName: z.string().nullable(),
    /** How many administrators hold it: a role in use cannot be deleted. */
    userCount: z.number().int(),
    createdAt: z.string(),
  }),
  save: z.object({
    roleId: id().optional(),
    name: text(),
    description: textarea(),
    allMerchants: z.boolean().default(false),
    /** The owner of a new role; omitted: the caller's company (null for platform users). */
    companyId: id().nullable().optional(),
    menuIds: ids(),
    buttonIds: ids(),
  }),
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'name', order: 'asc' },
  filters: { name: filter.text(), allMerchants: filter.flag(), companyId: filter.company() },
  scope: 'companyId',
  messages: 'roles:role',
  fields: {
    /** The owner, chosen on a new role (src/features/roles: "Platform" or a company in reach). */
    companyId: field.pickerOf('company', 'form'),
    name: field.text('list', 'form', 'export'),
    description: field.textarea('list', 'form', 'export'),
    allMerchants: field.flag('list', 'form', 'export'),
    companyName: field.text('list', 'export'),
    userCount: field.number('list', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})

/** `POST /role/detail`: the role as its form edits it. */
export const RoleDetail = z.object({
  roleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  allMerchants: z.boolean(),
  menuIds: z.array(z.number().int()),
  buttonIds: z.array(z.number().int()),
  companyId: z.number().int().nullable(),
  /** false: the caller may look but not change it (a platform-wide role seen by a company). */
  editable: z.boolean(),
  userCount: z.number().int(),
})

/** One menu of the permission tree, with its buttons; children are its pages and forms. */
export interface GrantMenu {
  id: number
  name: string
  parentId: number | null
  label: string
  /** `opens`: the forms (menu names) the button opens, granted with it. */
  buttons: { id: number; code: string; label: string; grantable: boolean; opens: string[] }[]
  /** false: the caller does not hold it, so cannot grant it (shown, disabled). */
  grantable: boolean
}

/** `POST /role/preview`: what a save would change, and whom. */
export const RolePreview = z.object({
  menusAdded: z.array(z.string()),
  menusRemoved: z.array(z.string()),
  buttonsAdded: z.array(z.string()),
  buttonsRemoved: z.array(z.string()),
  affectedUsers: z.number().int(),
})
