import { describe, expect, it } from 'vitest'
import { REGISTER_BLANK, registerWizard } from '../../../src/resources/merchantRegistration'
import { firstInvalidStep, ownerOf } from '../../../src/machines/wizard'
import { MerchantRegisterRequest } from './schemas'

/** The /register wizard's steps and the server's request are the same rules. */
describe('the registration wizard against MerchantRegisterRequest', () => {
  const serverFields = Object.keys(MerchantRegisterRequest.shape).sort()

  it('owns every field of the request in exactly one step, and no other field', () => {
    const owned = registerWizard.steps.flatMap((s) => s.fields).sort()
    expect(owned).toEqual(serverFields)
    expect(Object.keys(REGISTER_BLANK).sort()).toEqual(serverFields)
    for (const f of serverFields) expect(ownerOf(registerWizard, f)).toBeGreaterThanOrEqual(0)
  })

  const complete = {
    companyName: 'Harbour Freight Ltd',
    registrationNo: 'SG-1',
    country: 'SG',
    address: '1 Harbourfront Walk',
    referralCode: '',
    contactName: 'Mei Tan',
    email: 'mei@harbour.example',
    agreeServiceAgreement: true,
    agreePrivacyPolicy: true,
  }

  it('accepts what the server accepts', () => {
    expect(MerchantRegisterRequest.safeParse(complete).success).toBe(true)
    expect(firstInvalidStep(registerWizard, { data: complete, fieldErrors: {} })).toBe(3)
  })

  it.each([
    ['companyName', ' ', 0],
    ['address', 'a'.repeat(501), 0],
    ['email', 'not-an-address', 1],
    ['contactName', '', 1],
    ['agreeServiceAgreement', false, 2],
    ['agreePrivacyPolicy', false, 2],
  ])('refuses %s = %j in its step, as the server does', (field, value, step) => {
    const data = { ...complete, [field]: value }
    expect(MerchantRegisterRequest.safeParse(data).success).toBe(false)
    expect(firstInvalidStep(registerWizard, { data, fieldErrors: {} })).toBe(step)
  })
})
