import { sql } from 'drizzle-orm'
import { cardBinAssignments, cardBins, channelParameters, channels } from '../../db/schema'
import type { Deps } from '../../deps'

/**
 * Demo BINs: two on the sandbox channel, the first assigned to the parent company and two of
 * its merchants; the sandbox answers a creation after 1.5 s, as a remote channel would.
 */
export async function seedCardBinsDemo(
  deps: Deps,
  companyId: number,
  merchantRows: { id: number }[],
) {
  const { db } = deps
  const [sandbox] = await db
    .select()
    .from(channels)
    .where(sql`${channels.code} = 'sandbox'`)
  const bins = await db
    .insert(cardBins)
    .values([
      {
        bin: '485932',
        channelId: sandbox.id,
        scheme: 'visa',
        currency: 'USD',
        cardMode: 'prepaid',
        region: 'SG',
      },
      {
        bin: '52311245',
        channelId: sandbox.id,
        scheme: 'mastercard',
        currency: 'SGD',
        cardMode: 'shared',
        region: 'SG',
      },
    ])
    .returning()
  await db.insert(cardBinAssignments).values([
    { cardBinId: bins[0].id, companyId },
    { cardBinId: bins[0].id, merchantId: merchantRows[1].id },
    { cardBinId: bins[0].id, merchantId: merchantRows[2].id },
  ])
  await db
    .insert(channelParameters)
    .values({ channelId: sandbox.id, operation: 'creationResult', latencyMs: 1500 })
}
