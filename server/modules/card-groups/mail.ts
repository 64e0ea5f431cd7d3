import { and, eq, isNotNull } from 'drizzle-orm'
import { formatMoney } from '../../../src/lib/money'
import { parseLanguage } from '../../../src/i18n/languages'
import { cardGroupRules, cardGroups, merchants, users } from '../../db/schema'
import type { Deps } from '../../deps'
import { availableBalance } from '../../ledger/postings'
import { fromBps } from '../../../src/resources/cardGroups'
import { poolAccount } from './queries'

/**
 * The warning e-mail: the group just fell below its warning threshold. One per crossing (the
 * group's `warned` flag, set in the transaction that crossed); each active user of the merchant
 * with an e-mail address gets it in their own language. Sent after the commit; a failure is
 * logged, never undoes the spending; each mail is a send record in the outbox, delivered by its
 * job with retries (server/mail).
 */
export async function sendGroupWarning(deps: Deps, groupId: number): Promise<number> {
  try {
    const [row] = await deps.db
      .select({ group: cardGroups, rule: cardGroupRules, merchant: merchants.name })
      .from(cardGroups)
      .innerJoin(cardGroupRules, eq(cardGroupRules.id, cardGroups.ruleId))
      .innerJoin(merchants, eq(merchants.id, cardGroups.merchantId))
      .where(eq(cardGroups.id, groupId))
    if (!row) return 0
    const pool = await poolAccount(deps.db, groupId, row.group.currency)
    const available = pool ? availableBalance(pool) : 0
    const recipients = await deps.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.merchantId, row.group.merchantId),
          eq(users.active, true),
          isNotNull(users.email),
        ),
      )
    let sent = 0
    for (const user of recipients) {
      if (!user.email) continue
      const params = {
        user: user.nickName || user.loginName,
        name: row.group.name,
        merchant: row.merchant,
        available: formatMoney(available, row.group.currency),
        deposit: formatMoney(row.group.deposit, row.group.currency),
        threshold: fromBps(row.rule.warningThresholdBps),
      }
      await deps.mailer.send({
        to: user.email,
        event: 'card-group.warning',
        language: parseLanguage(user.language),
        variables: params,
        companyId: user.companyId,
      })
      sent++
    }
    return sent
  } catch (e) {
    deps.log.error('group warning e-mail failed', {
      groupId,
      error: e instanceof Error ? e.message : String(e),
    })
    return 0
  }
}
