import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords'
import { syncMenus } from '../db/menus'
import { seedEmailTemplates } from '../mail/templates/seed'
import { users } from '../db/schema'
import type { Deps } from '../deps'
import { seedAccountsDemo } from '../modules/accounts/demo'
import { seedCardBinsDemo } from '../modules/card-bins/demo'
import { seedGroupsDemo } from '../modules/card-groups/demo'
import { seedCardTransactionReference } from '../modules/card-transactions/seed'
import { seedDemoCardTransactions } from '../modules/card-transactions/demo'
import { seedCardholdersDemo } from '../modules/cardholders/demo'
import { seedDemoCards } from '../modules/cards/demo'
import { seedLedgerDemo } from '../modules/ledger/demo'
import { seedOrgDemo } from '../modules/org/demo'
import { seedTransfers } from '../modules/transfers/demo'
import { seedCardModes, seedReferenceData } from './reference'
import { grantRoles, PLATFORM_ADMIN_ROLE } from './roles'

/*
 * The one place the database is seeded from (DESIGN §3): menus, roles and reference data on
 * every empty database, and on a demo start each module's demo.ts, in the order their rows
 * depend on each other. server/db imports no module; this composes them.
 */

export interface SeedOptions {
  demo: boolean
  /** First platform administrator's password when not seeding demo data. */
  adminPassword?: string
}

export interface SeedResult {
  seeded: boolean
  /** A generated first admin password, to be printed once. */
  generatedAdminPassword?: string
}

/** Migrated database → menus in sync; on an empty one, reference data and the first users. */
export async function seed(deps: Deps, opts: SeedOptions): Promise<SeedResult> {
  await syncMenus(deps)
  // Reference data every database needs, added to older ones too: each event's templates.
  await seedEmailTemplates(deps.db)
  const [{ count }] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(users)
  if (Number(count) > 0) return { seeded: false }

  const roleIds = await grantRoles(deps)
  await seedReferenceData(deps)
  await seedCardModes(deps)
  await seedCardTransactionReference(deps.db)

  if (!opts.demo) {
    const generated = opts.adminPassword ? undefined : `Vc${randomBytes(6).toString('base64url')}!9`
    await deps.db.insert(users).values({
      loginName: 'admin',
      nickName: 'Administrator',
      roleId: roleIds[PLATFORM_ADMIN_ROLE],
      passwordHash: await hashPassword(opts.adminPassword ?? generated!),
      mustChangePassword: !!generated,
    })
    return { seeded: true, generatedAdminPassword: generated }
  }

  const { parent, merchantRows } = await seedOrgDemo(deps, roleIds)
  await seedLedgerDemo(deps, merchantRows)
  // Accounts screens (issue 8): bank accounts and reviewed deposits / withdrawals / adjustments.
  await seedAccountsDemo(
    deps,
    merchantRows.map((m) => m.id),
  )
  await seedTransfers(deps)
  await seedCardBinsDemo(deps, parent.id, merchantRows)
  await seedCardholdersDemo(deps, merchantRows)
  await seedDemoCards(deps)
  await seedGroupsDemo(deps)
  // Three months of card transactions through the webhook's handlers. A handler that fails
  // declines and logs; here that is a broken seed, so it stops the seed instead.
  await seedDemoCardTransactions({
    ...deps,
    log: {
      ...deps.log,
      error: (message: string, fields?: Record<string, unknown>) => {
        throw new Error(`demo card transactions: ${message} ${JSON.stringify(fields ?? {})}`)
      },
    },
  })
  return { seeded: true }
}
