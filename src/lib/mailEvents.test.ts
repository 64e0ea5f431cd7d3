import { describe, expect, it } from 'vitest'
import { resources } from '../i18n/resources'
import {
  MAIL_EVENTS,
  MAIL_LANGUAGES,
  mailEventSpec,
  sampleVariables,
  variablesSchema,
} from './mailEvents'

describe('the mail event registry', () => {
  it('names every event, language and variable in both languages (the editor shows them)', () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const m = resources[lang].mailTemplate as unknown as {
        events: Record<string, string>
        languages: Record<string, string>
        variable: Record<string, string>
      }
      for (const event of MAIL_EVENTS) {
        expect(m.events[event], `${lang} events.${event}`).toBeTruthy()
        for (const name of Object.keys(mailEventSpec(event).variables))
          expect(m.variable[name], `${lang} variable.${name}`).toBeTruthy()
      }
      for (const l of MAIL_LANGUAGES) expect(m.languages[l]).toBeTruthy()
    }
  })

  it("accepts each event's samples and refuses a missing, extra or mistyped value", () => {
    for (const event of MAIL_EVENTS) {
      const schema = variablesSchema(event)
      const sample = sampleVariables(event)
      expect(schema.safeParse(sample).success, event).toBe(true)
      const [first] = Object.keys(sample)
      const { [first]: _dropped, ...missing } = sample
      expect(schema.safeParse(missing).success).toBe(false)
      expect(schema.safeParse({ ...sample, extra: 'x' }).success).toBe(false)
    }
    const reset = variablesSchema('password-reset')
    const ok = sampleVariables('password-reset')
    expect(reset.safeParse({ ...ok, minutes: '30' }).success).toBe(false)
    expect(reset.safeParse({ ...ok, link: 'javascript:alert(1)' }).success).toBe(false)
  })
})
