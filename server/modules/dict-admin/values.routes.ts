import { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { button, menu } from '../../auth/permissions'
import { dictDetails } from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { pageOf } from '../../http/envelope'
import { CommonRules } from '../../http/errors'
import { IdRequest, IdsRequest } from '../../http/list'
import { requireButton } from '../../http/refusals'
import { ok } from '../../http/respond'
import { DictRules } from './rules'
import {
  DictValue,
  dictValueList,
  DictValueListRequest,
  DictValueSaveRequest,
  toDictValue,
} from './schemas'
import { deleteDictValues, getDictValue, requireDict, saveDictValue } from './values.service'

const SCREEN = 'dict-dt-management'

export function registerDictValueRoutes(app: AdminApp) {
  app.openapi(
    action({
      path: '/dict/value/list',
      tag: 'dict',
      summary:
        'Values of one dictionary, one page: filters code, name (contains), active, isDefault; ' +
        'sort seq (default), code, name, createdAt',
      permission: menu(SCREEN),
      body: DictValueListRequest,
      data: pageOf(DictValue),
      rules: [DictRules.notFound],
    }),
    async (c) => {
      const req = c.req.valid('json')
      await requireDict(c.var.deps.db, req.dictId)
      const page = await dictValueList.run(c.var.deps.db, req, eq(dictDetails.dictId, req.dictId))
      return ok(c, { list: page.list.map(toDictValue), total: page.total })
    },
  )

  app.openapi(
    action({
      path: '/dict/value/detail',
      tag: 'dict',
      summary: 'One dictionary value',
      permission: menu(SCREEN),
      body: IdRequest,
      data: DictValue,
      rules: [DictRules.valueNotFound],
    }),
    async (c) => ok(c, toDictValue(await getDictValue(c, c.req.valid('json').id))),
  )

  app.openapi(
    action({
      path: '/dict/value/save',
      tag: 'dict',
      summary:
        'Create (no id: needs button dict-dt-management:add) or update (id: needs ' +
        'dict-dt-management:edit) a value; codes unique per dictionary; isDefault clears ' +
        'the other defaults of the dictionary',
      permission: menu(SCREEN),
      body: DictValueSaveRequest,
      data: DictValue,
      rules: [
        CommonRules.viewOnly,
        DictRules.notFound,
        DictRules.valueNotFound,
        DictRules.duplicateValueCode,
        DictRules.parentNotFound,
        DictRules.parentCycle,
        DictRules.valueMoved,
      ],
    }),
    async (c) => {
      const input = c.req.valid('json')
      requireButton(c, input.id ? `${SCREEN}:edit` : `${SCREEN}:add`)
      return ok(c, toDictValue(await saveDictValue(c, input)))
    },
  )

  app.openapi(
    action({
      path: '/dict/value/delete',
      tag: 'dict',
      summary: 'Delete dictionary values',
      permission: button(`${SCREEN}:delete`),
      body: IdsRequest,
      data: z.object({ deleted: z.number().int() }),
      rules: [DictRules.valueNotFound, DictRules.valueHasChildren],
    }),
    async (c) => ok(c, { deleted: await deleteDictValues(c, c.req.valid('json').ids) }),
  )
}
