import { z } from '@hono/zod-openapi'
import { button, menu } from '../../auth/permissions'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { pageOf } from '../../http/envelope'
import { CommonRules } from '../../http/errors'
import { IdRequest, IdsRequest } from '../../http/list'
import { requireButton } from '../../http/refusals'
import { ok } from '../../http/respond'
import { ParamRules } from './rules'
import { Param, paramList, ParamListRequest, ParamSaveRequest, toParam } from './schemas'
import { deleteParams, getParam, saveParam } from './service'

const SCREEN = 'parameter-management'

/** System parameters (parameter-management). */
export function registerParam(app: AdminApp) {
  app.openapi(
    action({
      path: '/parameter/list',
      tag: 'parameter',
      summary: 'System parameters, one page: filters name (contains), active; sort name, createdAt',
      permission: menu(SCREEN),
      body: ParamListRequest,
      data: pageOf(Param),
    }),
    async (c) => {
      const page = await paramList.run(c.var.deps.db, c.req.valid('json'))
      return ok(c, { list: page.list.map(toParam), total: page.total })
    },
  )

  app.openapi(
    action({
      path: '/parameter/detail',
      tag: 'parameter',
      summary: 'One system parameter',
      permission: menu(SCREEN),
      body: IdRequest,
      data: Param,
      rules: [ParamRules.notFound],
    }),
    async (c) => ok(c, toParam(await getParam(c, c.req.valid('json').id))),
  )

  app.openapi(
    action({
      path: '/parameter/save',
      tag: 'parameter',
      summary:
        'Create (no id: needs button parameter-management:add) or update (id: needs ' +
        'parameter-management:edit) a parameter; built-in ones (editable=false) are refused',
      permission: menu(SCREEN),
      body: ParamSaveRequest,
      data: Param,
      rules: [
        CommonRules.viewOnly,
        ParamRules.duplicateName,
        ParamRules.notFound,
        ParamRules.notEditable,
      ],
    }),
    async (c) => {
      const input = c.req.valid('json')
      requireButton(c, input.id ? `${SCREEN}:edit` : `${SCREEN}:add`)
      return ok(c, toParam(await saveParam(c, input)))
    },
  )

  app.openapi(
    action({
      path: '/parameter/delete',
      tag: 'parameter',
      summary: 'Delete parameters (never the built-in ones)',
      permission: button(`${SCREEN}:delete`),
      body: IdsRequest,
      data: z.object({ deleted: z.number().int() }),
      rules: [ParamRules.notFound, ParamRules.notEditable],
    }),
    async (c) => ok(c, { deleted: await deleteParams(c, c.req.valid('json').ids) }),
  )
}
