import { describe, expect, it } from 'vitest'
import { firstInvalidStep, ownerOf } from '../machines/wizard'
import { PUBLIC_ACTION } from './action'
import { merchantRegister, REGISTER_BLANK, registerWizard } from './merchantRegistration'

/** The /register wizard is the registration action's input, split into steps. */
describe('the registration wizard on its action', () => {
  const fields = Object.keys(merchantRegister.shape).sort()
  const complete = {
    companyName: 'Harbour Freight Ltd',
    registrationNo: 'SG-1',
    country: 'sg',
    address: '1 Harbourfront Walk',
    referralCode: '',
    contactName: 'Mei Tan',
    email: 'mei@harbour.example',
    agreeServiceAgreement: true,
    agreePrivacyPolicy: true,
  }

  it('is a public call, without a session or a button', () => {
    expect(merchantRegister.permission).toBe(PUBLIC_ACTION)
  })

  it('owns every field of the input in exactly one step, and no other field', () => {
    expect(registerWizard.steps.flatMap((s) => s.fields).sort()).toEqual(fields)
    expect(Object.keys(REGISTER_BLANK).sort()).toEqual(fields)
    for (const f of fields) expect(ownerOf(registerWizard, f)).toBeGreaterThanOrEqual(0)
  })

  it('accepts a complete application, the country as an upper-case code', () => {
    expect(merchantRegister.input.parse(complete).country).toBe('SG')
    expect(firstInvalidStep(registerWizard, { data: complete, fieldErrors: {} })).toBe(3)
  })

  it.each([
    ['companyName', ' ', 0],
    ['address', 'a'.repeat(501), 0],
    ['country', '', 0],
    ['country', 'Singapore', 0],
    ['email', 'not-an-address', 1],
    ['contactName', '', 1],
    ['agreeServiceAgreement', false, 2],
    ['agreePrivacyPolicy', false, 2],
  ])('refuses %s = %j in its step, as the call does', (field, value, step) => {
    const data = { ...complete, [field]: value }
    expect(merchantRegister.input.safeParse(data).success).toBe(false)
    expect(firstInvalidStep(registerWizard, { data, fieldErrors: {} })).toBe(step)
  })
})
