import { z } from '@hono/zod-openapi'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { AnyResource, ExportFormat } from '../../src/resources/kit'
import type { ButtonCode } from '../../src/resources/registry'
import { button, menu } from '../auth/permissions'
import { action } from '../http/action'
import type { AdminApp } from '../http/context'
import { pageOf } from '../http/envelope'
import { CommonRules } from '../http/errors'
import { IdRequest, IdsRequest } from '../http/wire'
import { ok } from '../http/respond'
import { serviceContext } from './context'
import { dictDescriptions } from '../modules/common/dictionary'
import { dictsOf, EXPORT_TYPES, exportFileName, exportStream } from './export'
import { resourceService, type Fields, type ResourceStore } from './service'

/**
 * The calls of one resource, from its definition and its store:
 * `<api>/list`, `/detail`, `/save`, `/delete` and `/export` (DESIGN §5). Paths, permissions
 * and contract names are the definition's; the rules each call may answer are listed.
 * Returns the services, for jobs and for the resource's own extra calls.
 */
/**
 * A definition's object schema under its contract name. Rebuilt from the shape with this
 * module's `z`: zod 4 attaches methods when a schema is made, so a schema made before
 * @hono/zod-openapi was loaded has no `.openapi()`.
 */
const named = <S extends z.ZodRawShape>(schema: z.ZodObject<S>, name: string) =>
  z.object(schema.shape).openapi(name)

/** The calls a resource offers; a read-only one (balances) registers only list and export. */
export type ResourceCall = 'list' | 'detail' | 'save' | 'delete' | 'export'
const ALL_CALLS: readonly ResourceCall[] = ['list', 'detail', 'save', 'delete', 'export']

export function registerResource<R extends AnyResource, T extends PgTable, F extends Fields>(
  app: AdminApp,
  def: R,
  store: ResourceStore<R, T, F>,
  calls: readonly ResourceCall[] = ALL_CALLS,
) {
  const service = resourceService(def, store)
  const offers = new Set(calls)
  const { api, name, screen } = def
  const tag = api.slice(1)
  const row = named(def.row, name)
  const view = menu(screen)

  if (offers.has('list'))
    app.openapi(
      action({
        path: `${api}/list`,
        tag,
        summary: `${name}: one page; sort ${def.sortable.join(', ')}; filters ${Object.keys(def.filters).join(', ')}`,
        permission: view,
        body: named(def.requests.list, `${name}ListRequest`),
        data: pageOf(row),
        rules: store.rules.list,
      }),
      async (c) => ok(c, await service.list(serviceContext(c), c.req.valid('json') as never)),
    )

  if (offers.has('detail'))
    app.openapi(
      action({
        path: `${api}/detail`,
        tag,
        summary: `One ${name}`,
        permission: view,
        body: IdRequest,
        data: row,
        rules: [store.rules.notFound],
      }),
      async (c) => ok(c, await service.detail(serviceContext(c), c.req.valid('json').id)),
    )

  if (offers.has('save'))
    app.openapi(
      action({
        path: `${api}/save`,
        tag,
        summary: `Create (no id: needs button ${screen}:add) or update (id: needs ${screen}:edit) a ${name}`,
        permission: view,
        body: named(def.save, `${name}SaveRequest`),
        data: row,
        rules: [CommonRules.viewOnly, store.rules.notFound, ...(store.rules.save ?? [])],
      }),
      async (c) => ok(c, await service.save(serviceContext(c), c.req.valid('json') as never)),
    )

  if (offers.has('delete'))
    app.openapi(
      action({
        path: `${api}/delete`,
        tag,
        summary: `Delete ${name} rows: all of them or none`,
        // The definition's `buttons` (ButtonOf<N>) name its delete button against the registry.
        permission: button(`${screen}:delete` as ButtonCode),
        body: IdsRequest,
        data: z.object({ deleted: z.number().int() }),
        rules: [store.rules.notFound, ...(store.rules.delete ?? [])],
      }),
      async (c) =>
        ok(c, { deleted: await service.remove(serviceContext(c), c.req.valid('json').ids) }),
    )

  if (offers.has('export'))
    app.openapi(
      action({
        path: `${api}/export`,
        tag,
        summary:
          `Every ${name} row matching the filters (not one page) as CSV or XLSX, headers in the ` +
          "caller's language; X-Total-Count is the number of rows",
        permission: view,
        body: named(def.requests.export, `${name}ExportRequest`),
        data: z.null(),
        rules: store.rules.list,
        file: Object.values(EXPORT_TYPES),
      }),
      async (c) => {
        const ctx = serviceContext(c)
        const body = c.req.valid('json') as {
          format: ExportFormat
          filters?: Record<string, unknown>
        }
        const total = await service.exportCount(ctx, body as never)
        const dicts = await dictDescriptions(ctx.db, c.var.lang, dictsOf(def.columns))
        const stream = exportStream(
          body.format,
          service.exportRows(ctx, body as never),
          def.columns,
          {
            t: ctx.t,
            dicts,
            filters: body.filters,
          },
        )
        const file = exportFileName(screen, ctx.clock.now(), body.format)
        return new Response(stream, {
          status: 200,
          headers: {
            'Content-Type': EXPORT_TYPES[body.format],
            'Content-Disposition': `attachment; filename="${file}"`,
            'X-Total-Count': String(total),
            'Access-Control-Expose-Headers': 'X-Total-Count, Content-Disposition',
          },
        }) as never
      },
    )

  return service
}
