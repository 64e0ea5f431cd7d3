import type { z } from 'zod'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { audit } from '../../audit'
import { merchantRegistrations, merchants } from '../../db/schema'
import type { Db } from '../../db/client'
import type { Mailer } from '../../mail/mailer'
import type { ServiceContext } from '../../resources/context'
import { fieldRefusal } from '../../http/refusals'
import { RegistrationRules } from './rules'
import type { merchantRegister } from '../../../src/resources/merchantRegistration'
import { PENDING_STATUSES } from './schemas'
import { LIMITS, requireHit } from '../../auth/throttle'

type Input = z.output<(typeof merchantRegister)['input']>

/**
 * Stores a self-registration as 'submitted' and acknowledges it by e-mail. One pending
 * registration per e-mail address: the check runs under a transaction-scoped advisory lock on
 * the address, so two submissions at once (on any instance) cannot both pass it.
 */
export async function registerMerchant(c: ServiceContext, mailer: Mailer, input: Input) {
  const { agreeServiceAgreement: _msa, agreePrivacyPolicy: _privacy, ...fields } = input
  const address = fields.email.toLowerCase()
  // Each registration mails the address it names: limit how often one caller, and one
  // recipient, can be mailed (issue 7, item 10).
  const { db, clock } = c
  await requireHit(db, LIMITS.mailPerAddress, c.ip ?? '', clock.now())
  await requireHit(db, LIMITS.registrationMailPerAddress, address, clock.now())
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration:${address}`}))`)
    const [pending] = await tx
      .select({ id: merchantRegistrations.id })
      .from(merchantRegistrations)
      .where(
        and(
          eq(sql`lower(${merchantRegistrations.email})`, address),
          inArray(merchantRegistrations.status, [...PENDING_STATUSES]),
        ),
      )
    // Tied to the e-mail field, so the wizard takes the applicant back to the step that has it.
    if (pending) {
      throw fieldRefusal(
        c,
        RegistrationRules.duplicatePending,
        'email',
        RegistrationRules.duplicatePending.key,
        { email: address },
      )
    }

    if (fields.referralCode) {
      const [referrer] = await tx
        .select({ id: merchants.id })
        .from(merchants)
        .where(and(eq(merchants.referralCode, fields.referralCode), eq(merchants.active, true)))
      if (!referrer) {
        throw fieldRefusal(
          c,
          RegistrationRules.referralCodeUnknown,
          'referralCode',
          RegistrationRules.referralCodeUnknown.key,
        )
      }
    }

    const [created] = await tx
      .insert(merchantRegistrations)
      .values({ ...fields, email: address, status: 'submitted', createdAt: clock.now() })
      .returning()
    // A public call: no actor; the audit row names the applicant's address instead.
    await audit(
      c,
      {
        action: 'registration.submit',
        target: `registration:${created.id}`,
        userId: null,
        loginName: null,
        detail: { email: address, companyName: fields.companyName, country: fields.country },
      },
      tx,
    )
    // The acknowledgement is queued with the registration: both stand, or neither does.
    const mailId = await mailer.enqueue(tx as unknown as Db, {
      to: address,
      event: 'merchant-registration-received',
      language: c.lang ?? 'en-US',
      variables: {
        name: created.contactName,
        companyName: created.companyName,
        registrationId: created.id,
      },
    })
    return { ...created, mailId }
  })
  mailer.deliverSoon([row.mailId])
  return { registrationId: row.id, status: 'submitted' as const }
}
