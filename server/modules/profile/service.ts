import type { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { audit } from '../../audit'
import type { Db } from '../../db/client'
import { companies, merchants, roles, users } from '../../db/schema'
import type { ServiceContext } from '../../resources/context'
import { WIRE_LANGUAGES } from '../../../src/resources/account'
import type { Profile, ProfileUpdateRequest } from './schemas'

type Ctx = ServiceContext & { actor: { userId: number } }
type ProfileData = z.infer<typeof Profile>

const company = alias(companies, 'company')
const merchant = alias(merchants, 'merchant')

async function loadProfile(db: Db, userId: number): Promise<ProfileData> {
  const [row] = await db
    .select({
      loginName: users.loginName,
      nickName: users.nickName,
      email: users.email,
      language: users.language,
      timezone: users.timezone,
      companyId: company.id,
      companyName: company.name,
      merchantId: merchant.id,
      merchantName: merchant.name,
      roleName: roles.name,
      allMerchants: users.allMerchants,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(company, eq(company.id, users.companyId))
    .leftJoin(merchant, eq(merchant.id, users.merchantId))
    .where(eq(users.id, userId))
  return {
    loginName: row.loginName,
    nickName: row.nickName,
    email: row.email,
    // Stored values outside the list (older data) read as the default, never fail the screen.
    language: (WIRE_LANGUAGES as readonly string[]).includes(row.language)
      ? (row.language as ProfileData['language'])
      : 'en_US',
    timezone: row.timezone,
    company: row.companyId !== null ? { id: row.companyId, name: row.companyName! } : null,
    merchant: row.merchantId !== null ? { id: row.merchantId, name: row.merchantName! } : null,
    roleName: row.roleName,
    allMerchants: row.allMerchants,
  }
}

export function getProfile(c: Ctx): Promise<ProfileData> {
  return loadProfile(c.db, c.actor.userId)
}

/** The caller's own name, language and timezone; audited with what it was before. */
export async function updateProfile(
  c: Ctx,
  input: z.infer<typeof ProfileUpdateRequest>,
): Promise<ProfileData> {
  const userId = c.actor.userId
  return c.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ nickName: users.nickName, language: users.language, timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    await tx.update(users).set(input).where(eq(users.id, userId))
    await audit(
      c,
      { action: 'profile.update', target: `user:${userId}`, detail: { before, after: input } },
      tx,
    )
    return loadProfile(tx, userId)
  })
}

/**
 * The header's language switch: the caller's language only, kept for the next sign-in
 * (audited as a profile update, like the profile form's).
 */
export async function updateLanguage(c: Ctx, language: ProfileData['language']) {
  const current = await loadProfile(c.db, c.actor.userId)
  return updateProfile(c, { nickName: current.nickName, language, timezone: current.timezone })
}
