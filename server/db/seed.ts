import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { resources } from '../../src/i18n/resources'
import { seedCardReasons } from '../modules/card-ops/reasons'
import { SCREENS, screenByName, type Screen } from '../../src/lib/screens'
import { DEMO_ROLE_GRANTS } from './demoGrants'
import { hashPassword } from '../auth/passwords'
import type { Clock, Deps } from '../deps'
import { openAccount } from '../ledger/accounts'
import { transfer } from '../ledger/transfer'
import { seedAccountsDemo, seedAccountsReference } from '../modules/accounts/demo'
import { seedTransfers } from '../modules/transfers/seed'
import { seedCardTransactionReference } from '../modules/card-transactions/seed'
import { seedDemoCardTransactions } from '../modules/card-transactions/demo'
import { seedDemoCards } from '../modules/cards/demo'
import { seedGroupsDemo } from '../modules/card-groups/demo'
import { CARD_STATUSES } from '../../src/machines/card'
import {
  channelParameters,
  buttons,
  cardBinAssignments,
  cardBins,
  cardholders,
  channels,
  companies,
  dictDetails,
  dicts,
  menus,
  merchants,
  parameters,
  roleButtons,
  roleMenus,
  roles,
  users,
} from './schema'

/** The role whose holders may call the ledger's platform-administrator operations. */
const PLATFORM_ADMIN_ROLE = 'Platform administrator'

type MenuLabels = Record<string, string>
const menuLabels = (key: string) => ({
  en_US: (resources['en-US'].menu as MenuLabels)[key] ?? key,
  zh_CN: (resources['zh-CN'].menu as MenuLabels)[key] ?? key,
})

/**
 * Menus and buttons always mirror the screen registry (upserted at every start, so a new screen
 * appears after an upgrade). Everything else is written once, on an empty database.
 */
export async function syncMenus(deps: Deps): Promise<void> {
  const { db } = deps
  // Parents before children so the parent_id foreign key holds.
  const ordered = [...SCREENS].sort((a, b) => Number(!!a.group) - Number(!!b.group))
  for (const s of ordered) {
    const row = {
      id: s.id,
      name: s.name,
      nameKey: s.name,
      url: s.url,
      icon: s.icon,
      parentId: s.group ? screenByName.get(s.group)!.id : null,
      position: s.position,
      seq: s.seq,
      isHidden: !!s.hidden,
      category: s.category ?? 'page',
      language: menuLabels(s.name),
      descLanguage: {},
    }
    await db.insert(menus).values(row).onConflictDoUpdate({ target: menus.id, set: row })
    for (const b of s.buttons ?? []) {
      const action = b.code.split(':')[1]
      const brow = {
        code: b.code,
        menuId: s.id,
        language: menuLabels(`button.${action}`),
        menuRouterList: (b.opens ?? []).join(','),
      }
      await db.insert(buttons).values(brow).onConflictDoUpdate({ target: buttons.code, set: brow })
    }
  }
}

/** The screens a grant names, with their groups, and the hidden forms their buttons open. */
function grantedScreens(grant: readonly string[] | 'all'): Screen[] {
  if (grant === 'all') return SCREENS
  const names = new Set<string>()
  for (const name of grant) {
    const s = screenByName.get(name)!
    names.add(name)
    if (s.group) names.add(s.group)
    for (const b of s.buttons ?? []) for (const o of b.opens ?? []) names.add(o)
  }
  return SCREENS.filter((s) => names.has(s.name))
}

async function grantRoles(deps: Deps): Promise<Record<string, number>> {
  const ids: Record<string, number> = {}
  const allButtons = await deps.db.select().from(buttons)
  for (const [name, grant] of Object.entries(DEMO_ROLE_GRANTS)) {
    const [role] = await deps.db
      .insert(roles)
      .values({
        name,
        description: name,
        allMerchantAccess: grant.allMerchantAccess,
        platformAdmin: name === PLATFORM_ADMIN_ROLE,
      })
      .returning()
    ids[name] = role.id
    const screens = grantedScreens(grant.screens).filter(
      (s) => !s.platformAdminOnly || name === PLATFORM_ADMIN_ROLE,
    )
    if (screens.length) {
      await deps.db
        .insert(roleMenus)
        .values(screens.map((s) => ({ roleId: role.id, menuId: s.id })))
    }
    const granted =
      grant.buttons === 'all'
        ? allButtons
        : allButtons.filter((b) => (grant.buttons as readonly string[]).includes(b.code))
    if (granted.length) {
      await deps.db
        .insert(roleButtons)
        .values(granted.map((b) => ({ roleId: role.id, buttonId: b.id })))
    }
  }
  return ids
}

async function seedReferenceData(deps: Deps) {
  await deps.db
    .insert(channels)
    .values({ code: 'sandbox', name: 'Sandbox issuer' })
    .onConflictDoNothing()
  const [cardStatus] = await deps.db
    .insert(dicts)
    .values({
      code: 'card_status',
      name: 'Card status',
      type: 'system',
      remark: 'Card lifecycle states',
    })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['active', 'blocked', 'cancelled', 'pending'].map((code, i) => ({
      dictId: cardStatus.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
      isDefault: i === 0,
    })),
  )
  const [txStatus] = await deps.db
    .insert(dicts)
    .values({ code: 'transaction_status', name: 'Transaction status', type: 'system' })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['success', 'pending', 'rejected', 'cancel'].map((code, i) => ({
      dictId: txStatus.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
    })),
  )
  await deps.db.insert(parameters).values([
    {
      name: 'card.min_validity_days',
      value: '30',
      description: 'Card validity cannot be less than this many days',
    },
    {
      name: 'card.min_topup',
      value: '0',
      description: 'Minimum card top-up in minor units; 0 means no limit',
    },
    {
      name: 'platform.copyright',
      value: '© VCC Console',
      description: 'Copyright notice on public pages',
    },
    {
      name: 'mail.reset_link_minutes',
      value: '30',
      description: 'How long a password reset link stays valid',
      editable: false,
    },
  ])
  // Accounts screens (issue 8): movement types, minimum deposits.
  await seedAccountsReference(deps.db)
  // Card operations: reason codes of freezes, cancellations and reviews.
  await seedCardReasons(deps.db)
}

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
      roleId: roleIds['Platform administrator'],
      passwordHash: await hashPassword(opts.adminPassword ?? generated!),
      mustChangePassword: !!generated,
    })
    return { seeded: true, generatedAdminPassword: generated }
  }

  const [parent] = await deps.db
    .insert(companies)
    .values({
      name: 'Northwind Payments Ltd',
      agreementNo: 'AGR-2026-001',
      country: 'SG',
      copyright: '© Northwind Payments',
    })
    .returning()
  const [child] = await deps.db
    .insert(companies)
    .values({
      parentId: parent.id,
      name: 'Northwind Travel Pte',
      agreementNo: 'AGR-2026-002',
      country: 'SG',
    })
    .returning()
  const merchantRows = await deps.db
    .insert(merchants)
    .values([
      {
        companyId: parent.id,
        name: 'Blue Harbor Hotels',
        registrationNo: 'SG-201912345K',
        country: 'SG',
        referralCode: 'BHH001',
      },
      {
        companyId: child.id,
        name: 'Skyline Air Tickets',
        registrationNo: 'SG-202054321A',
        country: 'SG',
        referralCode: 'SKY002',
      },
      {
        companyId: child.id,
        name: 'Lotus Car Rental',
        registrationNo: 'TH-0105560000123',
        country: 'TH',
        referralCode: 'LCR003',
      },
    ])
    .returning()

  const demoUsers = [
    {
      loginName: 'admin',
      password: 'Admin@123456',
      nickName: 'Platform Admin',
      role: 'Platform administrator',
      email: 'admin@vcc.local',
      sensitiveVisible: true,
    },
    {
      loginName: 'company.admin',
      password: 'Company@123456',
      nickName: 'Company Admin',
      role: 'Company administrator',
      email: 'company.admin@vcc.local',
      companyId: parent.id,
    },
    {
      loginName: 'merchant.user',
      password: 'Merchant@123456',
      nickName: 'Merchant User',
      role: 'Merchant user',
      email: 'merchant.user@vcc.local',
      companyId: child.id,
      merchantId: merchantRows[1].id,
    },
    {
      loginName: 'auditor',
      password: 'Auditor@123456',
      nickName: 'Auditor',
      role: 'Auditor',
      email: null,
    },
  ]
  for (const u of demoUsers) {
    await deps.db.insert(users).values({
      loginName: u.loginName,
      nickName: u.nickName,
      email: u.email,
      roleId: roleIds[u.role],
      companyId: u.companyId ?? null,
      merchantId: u.merchantId ?? null,
      sensitiveVisible: u.sensitiveVisible ?? false,
      passwordHash: await hashPassword(u.password),
    })
  }
  await seedLedger(deps, merchantRows)
  // Accounts screens (issue 8): bank accounts and reviewed deposits / withdrawals / adjustments.
  await seedAccountsDemo(
    deps,
    merchantRows.map((m) => m.id),
  )
  await seedTransfers(deps)
  await seedCards(deps, parent.id, merchantRows)
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

/** Demo balances: each merchant in USD and its home currency, with a little history. */
const HOME_CURRENCY: Record<string, string> = { SG: 'SGD', TH: 'THB' }

async function seedLedger(deps: Deps, merchantRows: { id: number; country: string | null }[]) {
  const { db } = deps
  // Dated in the past so the history reads like history: one day apart, ending a day ago.
  let day = 90
  const past: Clock = { now: () => new Date(deps.clock.now().getTime() - day * 86_400_000) }
  const ctx = { db, clock: past }
  const balances: Record<string, number[]> = {}
  for (const [i, m] of merchantRows.entries()) {
    for (const currency of ['USD', HOME_CURRENCY[m.country ?? ''] ?? 'EUR']) {
      const bank = await openAccount(db, {
        type: 'external_bank',
        ownerType: 'platform',
        ownerId: null,
        currency,
      })
      const account = await openAccount(db, {
        type: 'merchant_balance',
        ownerType: 'merchant',
        ownerId: m.id,
        currency,
      })
      ;(balances[currency] ??= []).push(account.id)
      // 25,000.00 for the first merchant, 5,000.00 more for each next one.
      await transfer(ctx, {
        fromAccountId: bank.id,
        toAccountId: account.id,
        amount: (25_000 + i * 5_000) * 100,
        currency,
        requestId: `seed-deposit-${m.id}-${currency}`,
        remark: 'Opening deposit',
      })
      day -= 7
    }
  }
  const usd = balances.USD
  const history: [number, number, number][] = [
    [0, 1, 1_250_00],
    [1, 2, 480_50],
    [2, 0, 99_99],
    [1, 0, 3_000_00],
  ]
  for (const [n, [from, to, amount]] of history.entries()) {
    await transfer(ctx, {
      fromAccountId: usd[from],
      toAccountId: usd[to],
      amount,
      currency: 'USD',
      requestId: `seed-transfer-${n + 1}`,
      remark: 'Settlement between merchants',
    })
    day -= 9
  }
}

/** Cards: what a card is for (the create form offers these) and the card machine's states. */
const CARD_DICTS = [
  {
    code: 'card_usage_type',
    name: 'Card usage type',
    remark: 'What a card is used for (card creation)',
    values: ['advertising', 'travel', 'procurement', 'subscriptions', 'general'],
  },
  {
    code: 'card_state',
    name: 'Card state',
    remark: 'States of the card machine, and expired (the card list filter)',
    // `expired` is shown, not stored: an issued card past its expiry month (docs/cards.md).
    values: [...CARD_STATUSES, 'expired'],
  },
]
const dictName = (code: string) =>
  code[0].toUpperCase() + code.slice(1).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)

/** Cards (issue 9): the card mode dictionary (the BIN list's filter offers its values). */
async function seedCardModes(deps: Deps) {
  for (const d of CARD_DICTS) {
    const [dict] = await deps.db
      .insert(dicts)
      .values({ code: d.code, name: d.name, type: 'system', remark: d.remark })
      .returning()
    await deps.db.insert(dictDetails).values(
      d.values.map((code, i) => ({
        dictId: dict.id,
        code,
        name: dictName(code),
        seq: i + 1,
        isDefault: i === 0,
      })),
    )
  }
  const [cardMode] = await deps.db
    .insert(dicts)
    .values({ code: 'card_mode', name: 'Card mode', type: 'system', remark: 'Card BIN modes' })
    .returning()
  await deps.db.insert(dictDetails).values(
    ['prepaid', 'shared'].map((code, i) => ({
      dictId: cardMode.id,
      code,
      name: code[0].toUpperCase() + code.slice(1),
      seq: i + 1,
      isDefault: i === 0,
    })),
  )
}

/** Demo cards data: two sandbox BINs (one assigned to the parent company) and cardholders. */
async function seedCards(deps: Deps, companyId: number, merchantRows: { id: number }[]) {
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
  // The sandbox answers a creation after 1.5 s, as a remote channel would.
  await db
    .insert(channelParameters)
    .values({ channelId: sandbox.id, operation: 'creationResult', latencyMs: 1500 })
  const person = { areaCode: '65', country: 'SG', state: '01', city: 'Singapore', remark: '' }
  await db.insert(cardholders).values([
    {
      ...person,
      merchantId: merchantRows[1].id,
      firstName: 'Mei',
      lastName: 'Tan',
      phone: '81234567',
      email: 'mei.tan@example.com',
      birthday: '1988-04-12',
      address: '1 Raffles Place',
      postalCode: '048616',
      isDefault: true,
    },
    {
      ...person,
      merchantId: merchantRows[1].id,
      firstName: 'Arjun',
      lastName: 'Nair',
      phone: '91234567',
      email: 'arjun.nair@example.com',
      birthday: '1992-09-30',
      address: '10 Anson Road',
      postalCode: '079903',
    },
    {
      ...person,
      merchantId: merchantRows[0].id,
      firstName: 'Lina',
      lastName: 'Wong',
      phone: '87654321',
      email: 'lina.wong@example.com',
      birthday: '1985-01-20',
      address: '80 Robinson Road',
      postalCode: '068898',
      isDefault: true,
    },
    {
      merchantId: merchantRows[2].id,
      firstName: 'Somchai',
      lastName: 'Prasert',
      areaCode: '66',
      phone: '812345678',
      email: 'somchai.prasert@example.com',
      birthday: '1990-06-15',
      remark: '',
      country: 'TH',
      state: '10',
      city: 'Bangkok',
      address: '999 Rama I Road',
      postalCode: '10330',
      isDefault: true,
    },
  ])
  await seedDemoCards(deps)
  await seedGroupsDemo(deps)
}
