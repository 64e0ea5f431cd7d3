import { z } from '@hono/zod-openapi'
import { asc, count, eq, getTableColumns, inArray } from 'drizzle-orm'
import {
  cardGroupRules as definition,
  fromBps,
  ruleVisibility,
  toBps,
  type RuleVisibility,
} from '../../../src/resources/cardGroups'
import { button, menu } from '../../auth/permissions'
import { reachOf, requireMerchant } from '../../auth/scope'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import {
  cardGroupRules,
  cardGroupRuleVisibility,
  cardGroups,
  companies,
  merchants,
} from '../../db/schema'
import { action } from '../../http/action'
import type { AdminApp } from '../../http/context'
import { BizError } from '../../http/errors'
import { IdRequest, iso } from '../../http/wire'
import { fieldRefusal } from '../../http/refusals'
import { ok } from '../../http/respond'
import { serviceContext, type ServiceContext } from '../../resources/context'
import { registerResource } from '../../resources/routes'
import { groupCountOf, ruleScope, visibleCountOf } from './ruleQueries'
import { GroupRules } from './rules'

const TAG = 'card-rule'
const r = cardGroupRules

const VisibilityData = z
  .object({
    id: z.number().int(),
    name: z.string(),
    companyIds: z.array(z.number().int()),
    merchantIds: z.array(z.number().int()),
  })
  .openapi('CardGroupRuleVisibility')

/** A platform-level rule (no merchant) is written only with the `platform` button. */
function requirePlatform(ctx: ServiceContext) {
  if (!ctx.actor?.buttons.has('cards-rules-limits:platform')) {
    throw new BizError(GroupRules.platformOnly)
  }
}

async function groupsOf(db: Db, ruleId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(cardGroups)
    .where(eq(cardGroups.ruleId, ruleId))
  return Number(n)
}

/** Shared card rules (cards-rules-limits) on the resource kit, and their visibility. */
export function registerCardGroupRules(app: AdminApp) {
  registerResource(app, definition, {
    table: r,
    id: r.id,
    fields: {
      ...getTableColumns(r),
      merchantName: merchants.name,
      groupCount: groupCountOf,
      visibleCount: visibleCountOf,
    },
    join: (q) => q.leftJoin(merchants, eq(merchants.id, r.merchantId)),
    columns: { name: r.name, createdAt: r.createdAt, merchantId: r.merchantId },
    toRow: (row) => ({
      id: row.id,
      name: row.name,
      level: row.merchantId === null ? ('platform' as const) : ('merchant' as const),
      merchantId: row.merchantId,
      merchantName: row.merchantName ?? '',
      floatingRatio: fromBps(row.floatingRatioBps),
      warningThreshold: fromBps(row.warningThresholdBps),
      maxCards: row.maxCards,
      remark: row.remark,
      groupCount: row.groupCount,
      visibleCount: row.merchantId === null ? row.visibleCount : 0,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }),
    scope: ruleScope,
    audit: 'card-rule',
    rules: {
      notFound: GroupRules.ruleNotFound,
      save: [
        GroupRules.ruleInUse,
        GroupRules.platformOnly,
        GroupRules.merchantNotFound,
        GroupRules.levelFixed,
      ],
      delete: [GroupRules.ruleInUseDelete, GroupRules.platformOnly],
    },
    hooks: {
      // The platform-level checks come before the rows are locked, so that a refusal of a save
      // or a delete leaves no trace at all (a row lock is a write to PostgreSQL). A rule's level
      // never changes (levelFixed below), so reading it unlocked is enough.
      async lockFirst(ctx, _tx, input) {
        if (input.merchantId === null) requirePlatform(ctx)
      },
      async beforeLock(ctx, _tx, rows) {
        if (rows.some((row) => row.merchantId === null)) requirePlatform(ctx)
      },
      async beforeSave(ctx, tx, input, current) {
        if (current) {
          if (current.merchantId !== input.merchantId) throw new BizError(GroupRules.levelFixed)
          // Spec §4: a rule that a group was made from keeps its terms.
          if ((await groupsOf(tx, current.id)) > 0) throw new BizError(GroupRules.ruleInUse)
        }
        if (input.merchantId !== null) {
          await requireMerchant(tx, await reachOf(tx, ctx.actor!), input.merchantId, () =>
            fieldRefusal(
              ctx,
              GroupRules.merchantNotFound,
              'merchantId',
              'refusals:cardGroup.merchantNotFound',
            ),
          )
        }
      },
      // The wire's percents are basis points in the table.
      writeValues: (_ctx, input) => ({
        floatingRatioBps: toBps(input.floatingRatio),
        warningThresholdBps: toBps(input.warningThreshold),
      }),
      insertValues: () => ({}),
      async beforeDelete(_ctx, tx, rows) {
        const used = await tx
          .selectDistinct({ ruleId: cardGroups.ruleId })
          .from(cardGroups)
          .where(
            inArray(
              cardGroups.ruleId,
              rows.map((row) => row.id),
            ),
          )
        if (used.length) {
          const ids = new Set(used.map((u) => u.ruleId))
          throw new BizError(GroupRules.ruleInUseDelete, {
            names: rows
              .filter((row) => ids.has(row.id))
              .map((row) => row.name)
              .join(', '),
          })
        }
      },
    },
  })

  app.openapi(
    action({
      path: '/card-rule/visibility',
      tag: TAG,
      summary: 'The companies and merchants a platform-level rule is visible to',
      permission: menu('cards-rules-limits'),
      body: IdRequest,
      data: VisibilityData,
      rules: [GroupRules.ruleNotFound, GroupRules.notPlatformRule],
    }),
    async (c) => {
      const ctx = serviceContext(c)
      const rule = await platformRule(ctx.db, c.req.valid('json').id, false)
      return ok(c, await readVisibility(ctx.db, rule))
    },
  )

  app.openapi(
    action({
      path: '/card-rule/visibility/save',
      tag: TAG,
      summary:
        'Replace the companies and merchants a platform-level rule is visible to (the whole set)',
      permission: button('cards-rules-limits:visibility'),
      body: z.object(ruleVisibility.shape).openapi('CardGroupRuleVisibilityRequest'),
      data: VisibilityData,
      rules: [
        GroupRules.ruleNotFound,
        GroupRules.notPlatformRule,
        GroupRules.visibilityTargetNotFound,
      ],
    }),
    async (c) => ok(c, await saveVisibility(serviceContext(c), c.req.valid('json'))),
  )
}

async function platformRule(db: Db, id: number, lock: boolean) {
  const q = db.select().from(r).where(eq(r.id, id))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new BizError(GroupRules.ruleNotFound)
  if (row.merchantId !== null) throw new BizError(GroupRules.notPlatformRule)
  return row
}

async function readVisibility(db: Db, rule: { id: number; name: string }) {
  const rows = await db
    .select({
      companyId: cardGroupRuleVisibility.companyId,
      merchantId: cardGroupRuleVisibility.merchantId,
    })
    .from(cardGroupRuleVisibility)
    .where(eq(cardGroupRuleVisibility.ruleId, rule.id))
    .orderBy(asc(cardGroupRuleVisibility.companyId), asc(cardGroupRuleVisibility.merchantId))
  return {
    id: rule.id,
    name: rule.name,
    companyIds: rows.flatMap((x) => (x.companyId === null ? [] : [x.companyId])),
    merchantIds: rows.flatMap((x) => (x.merchantId === null ? [] : [x.merchantId])),
  }
}

async function existing(db: Db, table: typeof companies | typeof merchants, ids: number[]) {
  if (!ids.length) return 0
  const [{ n }] = await db.select({ n: count() }).from(table).where(inArray(table.id, ids))
  return Number(n)
}

/** Replaces the whole set in one transaction (the rule row locked) with its audit row. */
async function saveVisibility(ctx: ServiceContext, input: RuleVisibility) {
  const companyIds = [...new Set(input.companyIds)].sort((a, b) => a - b)
  const merchantIds = [...new Set(input.merchantIds)].sort((a, b) => a - b)
  return ctx.db.transaction(async (tx) => {
    const rule = await platformRule(tx, input.id, true)
    const found =
      (await existing(tx, companies, companyIds)) + (await existing(tx, merchants, merchantIds))
    if (found !== companyIds.length + merchantIds.length) {
      throw new BizError(GroupRules.visibilityTargetNotFound)
    }
    const before = await readVisibility(tx, rule)
    await tx.delete(cardGroupRuleVisibility).where(eq(cardGroupRuleVisibility.ruleId, rule.id))
    const now = ctx.clock.now()
    const rows = [
      ...companyIds.map((companyId) => ({ ruleId: rule.id, companyId, createdAt: now })),
      ...merchantIds.map((merchantId) => ({ ruleId: rule.id, merchantId, createdAt: now })),
    ]
    if (rows.length) await tx.insert(cardGroupRuleVisibility).values(rows)
    await audit(
      ctx,
      {
        action: 'card-rule.visibility',
        target: `card-rule:${rule.id}`,
        detail: {
          before: { companyIds: before.companyIds, merchantIds: before.merchantIds },
          after: { companyIds, merchantIds },
        },
      },
      tx,
    )
    return { id: rule.id, name: rule.name, companyIds, merchantIds }
  })
}
