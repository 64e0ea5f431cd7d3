import creditCardType from 'credit-card-type'
import currencyCodes from 'currency-codes'
import { createRequire } from 'node:module'
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  type CountryCode,
} from 'libphonenumber-js'
import type { Language } from '../../../src/i18n/languages'
import { serverCache } from '../../cache'

/**
 * Reference lists from well-kept data packages (never hand-typed): countries and their
 * subdivisions (iso3166-2-db, MIT, with English and Chinese names), ISO 4217 currencies
 * (currency-codes), calling codes (libphonenumber-js), IANA time zones (the runtime's ICU) and
 * card schemes (credit-card-type).
 */

const requireJson = createRequire(import.meta.url)

interface IsoCountry {
  iso: string
  name: string
}
interface IsoRegion {
  iso: string
  name: string
}

/** The package's file language for ours: its Chinese names are in `zh`. */
const isoLang = (lang: Language) => (lang === 'zh-CN' ? 'zh' : 'en')

function isoCountries(lang: Language): Record<string, IsoCountry> {
  return requireJson(`iso3166-2-db/countryList/dispute/UN/${isoLang(lang)}.json`)
}

const lists = serverCache<unknown>('common.reference')

function displayName(lang: Language, type: 'region' | 'currency', code: string, fallback: string) {
  try {
    const name = new Intl.DisplayNames([lang], { type, fallback: 'none' }).of(code)
    return name && name !== code ? name : fallback
  } catch {
    return fallback
  }
}

const byName = (lang: Language) => {
  const collator = new Intl.Collator(lang)
  return (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name)
}

/** The flag emoji is the country code in regional-indicator letters. */
const flagOf = (code: string) =>
  String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65))

const callingCode = (code: string) =>
  isSupportedCountry(code) ? getCountryCallingCode(code as CountryCode) : ''

export interface CountryItem {
  code: string
  name: string
  phoneCode: string
  flag: string
}

export async function countryList(lang: Language): Promise<CountryItem[]> {
  return lists.get(`countries:${lang}`, () =>
    Object.values(isoCountries(lang))
      .map((c) => ({
        code: c.iso,
        // ICU's names first: the package's Chinese mixes in Traditional characters.
        name: displayName(lang, 'region', c.iso, c.name || c.iso),
        phoneCode: callingCode(c.iso),
        flag: flagOf(c.iso),
      }))
      .sort(byName(lang)),
  ) as CountryItem[]
}

export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && code in isoCountries('en-US')
}

export interface StateItem {
  code: string
  name: string
}

/** States and provinces of one country (ISO 3166-2), named in the caller's language. */
export async function stateList(
  countryCode: string,
  lang: Language = 'en-US',
): Promise<StateItem[]> {
  return lists.get(`states:${countryCode}:${lang}`, () => {
    let regions: IsoRegion[]
    try {
      regions = requireJson(`iso3166-2-db/regions/${countryCode}/dispute/UN/${isoLang(lang)}.json`)
    } catch {
      regions = [] // a country without subdivisions in the data set
    }
    return regions.map((r) => ({ code: r.iso, name: r.name })).sort(byName(lang))
  }) as StateItem[]
}

export interface CurrencyItem {
  code: string
  number: string
  /** Minor-unit exponent: money is stored as integer minor units (DESIGN §4). */
  digits: number
  name: string
}

export function currencyList(lang: Language): CurrencyItem[] {
  return lists.get(`currencies:${lang}`, () =>
    currencyCodes.data
      .map((c) => ({
        code: c.code,
        number: c.number,
        digits: c.digits,
        name: displayName(lang, 'currency', c.code, c.currency),
      }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  ) as CurrencyItem[]
}

export interface PhoneAreaItem {
  countryCode: string
  /** The international calling code without '+'. */
  areaCode: string
  name: string
}

export function phoneAreaList(lang: Language): PhoneAreaItem[] {
  return lists.get(`phoneAreas:${lang}`, () =>
    getCountries()
      .map((code) => ({
        countryCode: code,
        areaCode: String(getCountryCallingCode(code)),
        name: displayName(lang, 'region', code, code),
      }))
      .sort(byName(lang)),
  ) as PhoneAreaItem[]
}

export interface TimezoneItem {
  zone: string
  /** The zone's UTC offset at the moment of the call, '+08:00'. */
  offset: string
  name: string
}

/** The runtime's IANA zones; UTC is added because users default to it and ICU omits it. */
function zoneIds(): string[] {
  const zones = Intl.supportedValuesOf('timeZone')
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/** Building a formatter is the slow part (~0.2 ms each, 420 zones), so they are kept. */
const formatters = serverCache<Intl.DateTimeFormat>('common.timezoneFormatters')

function zonePart(zone: string, lang: Language, style: 'longOffset' | 'longGeneric', at: Date) {
  const format = formatters.get(
    `${zone}|${lang}|${style}`,
    () => new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: style }),
  )
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? ''
}

function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d\d):(\d\d)$/.exec(offset)
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
}

/** Offsets change with daylight saving, so they are computed per call from kept formatters. */
export function timezoneList(lang: Language, at: Date): TimezoneItem[] {
  return zoneIds()
    .map((zone) => {
      const gmt = zonePart(zone, 'en-US', 'longOffset', at).replace(/^GMT/, '')
      const name = zonePart(zone, lang, 'longGeneric', at)
      // Zones without a name of their own (UTC, Etc/*) get "GMT+00:00": no name, the offset says it.
      return { zone, offset: gmt || '+00:00', name: /^(GMT|UTC)([+-]|$)/.test(name) ? '' : name }
    })
    .sort(
      (a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.zone.localeCompare(b.zone),
    )
}

export interface CardSchemeItem {
  code: string
  name: string
  /** Card number lengths the scheme issues. */
  lengths: number[]
  /** Positions where the number is split for display. */
  gaps: number[]
  securityCodeName: string
  securityCodeSize: number
}

export function cardSchemeList(): CardSchemeItem[] {
  return lists.get('cardSchemes', () =>
    Object.values(creditCardType.types).map((type) => {
      const info = creditCardType.getTypeInfo(type)
      return {
        code: info.type,
        name: info.niceType,
        lengths: info.lengths,
        gaps: info.gaps,
        securityCodeName: info.code.name,
        securityCodeSize: info.code.size,
      }
    }),
  ) as CardSchemeItem[]
}
