import { describe, expect, it } from 'vitest'
import { bankAccounts } from './accounts'
import { cardGroupRules } from './cardGroups'
import { cardholders } from './cardholders'
import { dictValues } from './dictionaries'
import { factsOf, formSchemaOf, initialOf } from './formFacts'
import { parameters } from './parameters'

describe('form facts from the save schema', () => {
  const facts = (name: string) => factsOf(cardholders.save.shape[name as 'firstName'])

  it('marks required, optional and defaulted fields', () => {
    expect(facts('firstName').required).toBe(true)
    expect(facts('middleName').required).toBe(false)
    expect(facts('email').required).toBe(true)
    expect(facts('birthday').required).toBe(true)
    expect(facts('remark').required).toBe(false)
    expect(facts('isDefault').required).toBe(false)
    expect(facts('merchantId').required).toBe(true)
    expect(facts('email').email).toBe(true)
    expect(facts('firstName').email).toBe(false)
  })

  it("takes maxLength from the schema's string rule", () => {
    expect(facts('postalCode').maxLength).toBe(20)
    expect(facts('firstName').maxLength).toBe(100)
    expect(facts('remark').maxLength).toBe(500)
    expect(factsOf(parameters.save.shape.value).maxLength).toBe(500)
  })

  it('gives a whole number typed as text the digits of its maximum and its default', () => {
    // seq: int(0, 999_999).default(0)
    expect(factsOf(dictValues.save.shape.seq).maxLength).toBe(6)
    expect(initialOf(dictValues.save, dictValues.fields).seq).toBe('0')
    expect(initialOf(dictValues.save, dictValues.fields, { seq: 5 }).seq).toBe('5')
    const schema = formSchemaOf(dictValues.save, dictValues.fields)
    expect(schema.shape.seq.safeParse('5').data).toBe(5)
    expect(schema.shape.seq.safeParse('x1').success).toBe(false)
  })

  it("starts a new record with the schema's defaults and an edited one with its values", () => {
    expect(initialOf(parameters.save, parameters.fields)).toEqual({
      name: '',
      value: '',
      description: '',
      active: true,
    })
    const edited = initialOf(cardholders.save, cardholders.fields, {
      merchantId: 7,
      firstName: 'Ada',
      isDefault: true,
    })
    expect(edited.merchantId).toBe('7')
    expect(edited.firstName).toBe('Ada')
    expect(edited.isDefault).toBe(true)
  })

  it('reads a numeric picker back as its number and refuses an empty one', () => {
    const schema = formSchemaOf(cardholders.save, cardholders.fields)
    const picked = schema.shape.merchantId.safeParse('7')
    expect(picked.data).toBe(7)
    expect(schema.shape.merchantId.safeParse('').success).toBe(false)
  })

  it('reads a nullable picker of ids as a number that may be left empty (its default: null)', () => {
    // merchantId: id().nullable().default(null): none is a platform rule
    const f = factsOf(cardGroupRules.save.shape.merchantId)
    expect(f.numeric).toBe(true)
    expect(f.required).toBe(false)
    expect(
      initialOf(cardGroupRules.save, cardGroupRules.fields, { merchantId: null }).merchantId,
    ).toBe('')
    expect(initialOf(cardGroupRules.save, cardGroupRules.fields).merchantId).toBe('')
    const schema = formSchemaOf(cardGroupRules.save, cardGroupRules.fields)
    expect(schema.shape.merchantId.safeParse('').data).toBeNull()
    expect(schema.shape.merchantId.safeParse('3').data).toBe(3)
  })

  it('reads percents and counts typed as text by the save rules, and refuses them empty', () => {
    const schema = formSchemaOf(cardGroupRules.save, cardGroupRules.fields)
    expect(schema.shape.floatingRatio.safeParse('10.5').data).toBe(10.5)
    expect(schema.shape.floatingRatio.safeParse('10.555').success).toBe(false)
    expect(schema.shape.floatingRatio.safeParse('').success).toBe(false)
    expect(schema.shape.maxCards.safeParse('1001').success).toBe(false)
    expect(factsOf(cardGroupRules.save.shape.maxCards).maxLength).toBe(4)
    const edited = initialOf(cardGroupRules.save, cardGroupRules.fields, {
      name: 'Travel',
      merchantId: 4,
      floatingRatio: 12.5,
      remark: '',
    })
    expect(edited).toMatchObject({ name: 'Travel', merchantId: '4', floatingRatio: '12.5' })
  })

  it("holds a bank account's every field, each with the save rule's length", () => {
    expect(Object.keys(initialOf(bankAccounts.save, bankAccounts.fields))).toEqual(
      Object.keys(bankAccounts.save.omit({ id: true }).shape),
    )
    expect(factsOf(bankAccounts.save.shape.swift)).toMatchObject({ required: false, maxLength: 11 })
    expect(factsOf(bankAccounts.save.shape.accountNumber)).toMatchObject({
      required: true,
      maxLength: 50,
    })
  })
})
