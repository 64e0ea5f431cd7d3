import { z } from '@hono/zod-openapi'

/** Dictionary codes to look up; small enough for one screen's selects. */
export const DictCodesBody = z.object({
  codes: z
    .array(z.string().trim().min(1).max(100))
    .min(1)
    .max(50)
    .openapi({ example: ['card_status'] }),
})

export const CountryCodeBody = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .openapi({ description: 'ISO 3166-1 alpha-2', example: 'SG' }),
})

export const Country = z
  .object({
    code: z.string().openapi({ example: 'SG' }),
    name: z.string(),
    phoneCode: z.string().openapi({ example: '65' }),
    flag: z.string(),
  })
  .openapi('Country')

export const CountryState = z.object({ code: z.string(), name: z.string() }).openapi('CountryState')

export const Currency = z
  .object({
    code: z.string().openapi({ example: 'USD' }),
    number: z.string().openapi({ example: '840' }),
    digits: z.number().int().openapi({ description: 'Minor-unit exponent (VND 0, USD 2)' }),
    name: z.string(),
  })
  .openapi('Currency')

export const PhoneArea = z
  .object({
    countryCode: z.string().openapi({ example: 'SG' }),
    areaCode: z.string().openapi({ example: '65' }),
    name: z.string(),
  })
  .openapi('PhoneArea')

export const Timezone = z
  .object({
    zone: z.string().openapi({ example: 'Asia/Singapore' }),
    offset: z.string().openapi({ example: '+08:00' }),
    name: z.string(),
  })
  .openapi('Timezone')

export const CardScheme = z
  .object({
    code: z.string().openapi({ example: 'visa' }),
    name: z.string().openapi({ example: 'Visa' }),
    lengths: z.array(z.number().int()),
    gaps: z.array(z.number().int()),
    securityCodeName: z.string().openapi({ example: 'CVV' }),
    securityCodeSize: z.number().int(),
  })
  .openapi('CardScheme')

export const DictOption = z
  .object({ code: z.string(), name: z.string(), seq: z.number().int(), isDefault: z.boolean() })
  .openapi('DictOption')

export const CacheRefreshData = z.object({
  menus: z.number().int().openapi({ description: 'Menus in the registry, re-synced' }),
  caches: z.array(z.string()).openapi({ description: 'Server caches dropped' }),
})
