import { z } from '@hono/zod-openapi'
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm'
import { cardBinAssignment, cardBins as definition } from '../../../src/resources/cardBins'
import { button, menu } from '../../auth/permissions'
import { cardBinAssignments, cardBins, cards, channels } from '../../db/schema'
import { isUniqueViolation } from '../../db/uniqueViolation'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { IdRequest, iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { ok } from '../../http/respond'
import type { ServiceContext } from '../../resources/context'
import { serviceContext } from '../../resources/context'
import { firstWithCards } from '../cards/issued'
import { CardRules } from '../cards/rules'
import { registerResource } from '../../resources/routes'
import { isKnownCountry } from '../common/reference'
import { assign, assignmentOf, firstAssigned } from './assign'
import { CardBinRules } from './rules'

const TAG = 'card-bin'

const duplicate = (ctx: ServiceContext) =>
  fieldRefusal(ctx, CardBinRules.duplicate, 'bin', 'refusals:cardBin.duplicate')

/** Assignments of one kind, counted for the list's columns. */
const assignedCount = (column: 'company_id' | 'merchant_id') =>
  sql<number>`(select count(*)::int from ${cardBinAssignments} a
    where a.card_bin_id = ${cardBins.id} and a.${sql.raw(column)} is not null)`.mapWith(Number)

const AssignmentData = z
  .object({
    id: z.number().int(),
    bin: z.string(),
    companyIds: z.array(z.number().int()),
    merchantIds: z.array(z.number().int()),
  })
  .openapi('CardBinAssignment')

const Channel = z
  .object({ id: z.number().int(), code: z.string(), name: z.string() })
  .openapi('CardBinChannel')

/** Card BINs (card-bin-management) on the resource kit, and their assignment to companies and merchants. */
export function registerCardBins(app: AdminApp) {
  registerResource(app, definition, {
    table: cardBins,
    id: cardBins.id,
    fields: {
      ...getTableColumns(cardBins),
      channelName: channels.name,
      companyCount: assignedCount('company_id'),
      merchantCount: assignedCount('merchant_id'),
    },
    join: (q) => q.innerJoin(channels, eq(channels.id, cardBins.channelId)),
    columns: {
      bin: cardBins.bin,
      createdAt: cardBins.createdAt,
      scheme: cardBins.scheme,
      currency: cardBins.currency,
      cardMode: cardBins.cardMode,
      active: cardBins.active,
    },
    toRow: (r) => ({
      ...r,
      cardMode: r.cardMode as 'prepaid' | 'shared',
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }),
    // BINs are the platform's: who holds the screen sees them all (companies see theirs through
    // their assignments, on the screens that issue cards).
    scope: 'platform-only',
    audit: 'card-bin',
    rules: {
      notFound: CardBinRules.notFound,
      save: [CardBinRules.duplicate, CardBinRules.channelNotFound, CardBinRules.unknownRegion],
      delete: [CardBinRules.assigned, CardRules.binHasCards],
    },
    hooks: {
      async beforeSave(ctx, tx, input, current) {
        const [channel] = await tx
          .select({ id: channels.id })
          .from(channels)
          .where(and(eq(channels.id, input.channelId), eq(channels.active, true)))
        if (!channel) {
          throw fieldRefusal(
            ctx,
            CardBinRules.channelNotFound,
            'channelId',
            'refusals:cardBin.channelNotFound',
          )
        }
        if (!isKnownCountry(input.region)) {
          throw fieldRefusal(ctx, CardBinRules.unknownRegion, 'region', 'validation:country')
        }
        const [clash] = await tx
          .select({ id: cardBins.id })
          .from(cardBins)
          .where(
            and(
              eq(cardBins.channelId, input.channelId),
              eq(cardBins.bin, input.bin),
              current && ne(cardBins.id, current.id),
            ),
          )
        if (clash) throw duplicate(ctx)
      },
      async beforeDelete(_ctx, tx, rows) {
        const assigned = await firstAssigned(
          tx,
          rows.map((r) => r.id),
        )
        if (assigned !== undefined) {
          const bin = rows.find((r) => r.id === assigned)!.bin
          throw new BizError(CardBinRules.assigned, { bin })
        }
        // Issued cards keep their BIN.
        const used = await firstWithCards(
          tx,
          cards.cardBinId,
          rows.map((r) => r.id),
        )
        if (used !== undefined) {
          throw new BizError(CardRules.binHasCards, { bin: rows.find((r) => r.id === used)!.bin })
        }
      },
      conflict: (ctx, e) =>
        isUniqueViolation(e, 'card_bins_channel_bin') ? duplicate(ctx) : undefined,
    },
  })

  app.openapi(
    action({
      path: '/card-bin/channels',
      tag: TAG,
      summary: 'Active issuing channels, for the card BIN form',
      permission: menu('card-bin-management'),
      data: z.array(Channel),
    }),
    async (c) =>
      ok(
        c,
        await c.var.deps.db
          .select({ id: channels.id, code: channels.code, name: channels.name })
          .from(channels)
          .where(eq(channels.active, true))
          .orderBy(asc(channels.name), asc(channels.id)),
      ),
  )

  app.openapi(
    action({
      path: '/card-bin/assignments',
      tag: TAG,
      summary: 'The companies and merchants a card BIN is assigned to',
      permission: menu('card-bin-management'),
      body: IdRequest,
      data: AssignmentData,
      rules: [CardBinRules.notFound],
    }),
    async (c) => ok(c, await assignmentOf(serviceContext(c), c.req.valid('json').id)),
  )

  app.openapi(
    action({
      path: '/card-bin/assign',
      tag: TAG,
      summary:
        'Replace the companies and merchants a card BIN is assigned to (the whole set; empty lists remove all)',
      permission: button('card-bin-management:assign'),
      body: z.object(cardBinAssignment.shape).openapi('CardBinAssignRequest'),
      data: AssignmentData,
      rules: [CardBinRules.notFound, CardBinRules.assigneeNotFound],
    }),
    async (c) => ok(c, await assign(serviceContext(c), c.req.valid('json'))),
  )
}
