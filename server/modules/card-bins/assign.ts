import { asc, count, eq, inArray } from 'drizzle-orm'
import type { CardBinAssignment } from '../../../src/resources/cardBins'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import { cardBinAssignments, cardBins, companies, merchants } from '../../db/schema'
import { BizError } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { CardBinRules } from './rules'

export interface Assignment {
  id: number
  bin: string
  companyIds: number[]
  merchantIds: number[]
}

async function binOf(db: Db, id: number, lock: boolean) {
  const q = db
    .select({ id: cardBins.id, bin: cardBins.bin })
    .from(cardBins)
    .where(eq(cardBins.id, id))
  const [row] = lock ? await q.for('update') : await q
  if (!row) throw new BizError(CardBinRules.notFound)
  return row
}

async function readAssignment(db: Db, bin: { id: number; bin: string }): Promise<Assignment> {
  const rows = await db
    .select({ companyId: cardBinAssignments.companyId, merchantId: cardBinAssignments.merchantId })
    .from(cardBinAssignments)
    .where(eq(cardBinAssignments.cardBinId, bin.id))
    .orderBy(asc(cardBinAssignments.companyId), asc(cardBinAssignments.merchantId))
  return {
    id: bin.id,
    bin: bin.bin,
    companyIds: rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])),
    merchantIds: rows.flatMap((r) => (r.merchantId === null ? [] : [r.merchantId])),
  }
}

/** The companies and merchants a BIN is assigned to. */
export async function assignmentOf(ctx: ServiceContext, id: number): Promise<Assignment> {
  return readAssignment(ctx.db, await binOf(ctx.db, id, false))
}

/** How many of `ids` exist in a table keyed by `id`. */
async function existing(db: Db, table: typeof companies | typeof merchants, ids: number[]) {
  if (!ids.length) return 0
  const [{ n }] = await db.select({ n: count() }).from(table).where(inArray(table.id, ids))
  return Number(n)
}

/**
 * Replaces the whole set of a BIN's companies and merchants, in one transaction with its audit
 * row: the BIN row is locked so two assignments of one BIN run one after the other. An id that
 * names no company or merchant refuses the whole call and changes nothing.
 */
export async function assign(ctx: ServiceContext, input: CardBinAssignment): Promise<Assignment> {
  const companyIds = [...new Set(input.companyIds)].sort((a, b) => a - b)
  const merchantIds = [...new Set(input.merchantIds)].sort((a, b) => a - b)
  return ctx.db.transaction(async (tx) => {
    const bin = await binOf(tx, input.id, true)
    const found =
      (await existing(tx, companies, companyIds)) + (await existing(tx, merchants, merchantIds))
    if (found !== companyIds.length + merchantIds.length) {
      throw new BizError(CardBinRules.assigneeNotFound)
    }
    const before = await readAssignment(tx, bin)
    await tx.delete(cardBinAssignments).where(eq(cardBinAssignments.cardBinId, bin.id))
    const rows = [
      ...companyIds.map((companyId) => ({
        cardBinId: bin.id,
        companyId,
        createdAt: ctx.clock.now(),
      })),
      ...merchantIds.map((merchantId) => ({
        cardBinId: bin.id,
        merchantId,
        createdAt: ctx.clock.now(),
      })),
    ]
    if (rows.length) await tx.insert(cardBinAssignments).values(rows)
    await audit(
      ctx,
      {
        action: 'card-bin.assign',
        target: `card-bin:${bin.id}`,
        detail: {
          before: { companyIds: before.companyIds, merchantIds: before.merchantIds },
          after: { companyIds, merchantIds },
        },
      },
      tx,
    )
    return { id: bin.id, bin: bin.bin, companyIds, merchantIds }
  })
}

/** The first of `binIds` that a company or merchant is assigned (a delete is then refused). */
export async function firstAssigned(db: Db, binIds: number[]): Promise<number | undefined> {
  const [row] = await db
    .select({ id: cardBinAssignments.cardBinId })
    .from(cardBinAssignments)
    .where(inArray(cardBinAssignments.cardBinId, binIds))
    .orderBy(asc(cardBinAssignments.cardBinId))
    .limit(1)
  return row?.id
}
