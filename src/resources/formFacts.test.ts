import { describe, expect, it } from 'vitest'
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
})
