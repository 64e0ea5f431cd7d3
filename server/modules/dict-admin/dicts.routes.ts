import { z } from '@hono/zod-openapi'
import { button, menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { pageOf } from '../../http/envelope'
import { CommonRules } from '../../http/errors'
import { IdRequest, IdsRequest } from '../../http/list'
import { requireButton } from '../../http/refusals'
import { ok } from '../../http/respond'
import { deleteDicts, getDict, saveDict } from './dicts.service'
import { DictRules } from './rules'
import { Dict, dictList, DictListRequest, DictSaveRequest, toDict } from './schemas'

const SCREEN = 'dict-management'

export function registerDictRoutes(app: AdminApp) {
  app.openapi(
    action({
      path: '/dict/list',
      tag: 'dict',
      summary:
        'Dictionaries, one page: filters code, name (contains), type, active; sort code, name, createdAt',
      permission: menu(SCREEN),
      body: DictListRequest,
      data: pageOf(Dict),
    }),
    async (c) => {
      const page = await dictList.run(c.var.deps.db, c.req.valid('json'))
      return ok(c, { list: page.list.map(toDict), total: page.total })
    },
  )

  app.openapi(
    action({
      path: '/dict/detail',
      tag: 'dict',
      summary: 'One dictionary',
      permission: menu(SCREEN),
      body: IdRequest,
      data: Dict,
      rules: [DictRules.notFound],
    }),
    async (c) => ok(c, toDict(await getDict(c, c.req.valid('json').id))),
  )

  app.openapi(
    action({
      path: '/dict/save',
      tag: 'dict',
      summary:
        'Create (no id: needs button dict-management:add) or update (id: needs ' +
        'dict-management:edit) a dictionary; otherwise 403 code 1403 (view only)',
      permission: menu(SCREEN),
      body: DictSaveRequest,
      data: Dict,
      rules: [CommonRules.viewOnly, DictRules.duplicateCode, DictRules.notFound],
    }),
    async (c) => {
      const input = c.req.valid('json')
      requireButton(c, input.id ? `${SCREEN}:edit` : `${SCREEN}:add`)
      return ok(c, toDict(await saveDict(c, input)))
    },
  )

  app.openapi(
    action({
      path: '/dict/delete',
      tag: 'dict',
      summary: 'Delete dictionaries with all their values (one transaction)',
      permission: button(`${SCREEN}:delete`),
      body: IdsRequest,
      data: z.object({ deleted: z.number().int() }),
      rules: [DictRules.notFound, DictRules.valueHasChildren],
    }),
    async (c) => ok(c, { deleted: await deleteDicts(c, c.req.valid('json').ids) }),
  )
}
