import { readFileSync } from 'node:fs'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { companies, parameters } from '../../db/schema'

/**
 * Which company a public page belongs to, decided by the site's origin: companies that run the
 * console under their own domain store it as their `website`. Logos and the copyright line
 * shown before sign-in follow from that company, or from the product's defaults.
 */

/** The product's own logo, served inline so the sign-in page needs no second request. */
export const DEFAULT_LOGO = `data:image/svg+xml;base64,${readFileSync(
  new URL('./logo.svg', import.meta.url),
).toString('base64')}`

/** 'https://Pay.Example.com/login' → 'https://pay.example.com'; a bare host gets https. */
export function siteOrigin(website: string | undefined | null): string | null {
  const text = website?.trim()
  if (!text) return null
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`)
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}

/** The company whose website is the origin; the oldest one when several claim it. */
export async function companyForSite(db: Db, origin: string | null) {
  if (!origin) return null
  const [row] = await db
    .select({ id: companies.id, copyright: companies.copyright })
    .from(companies)
    .where(
      and(isNotNull(companies.website), eq(sql`lower(rtrim(${companies.website}, '/'))`, origin)),
    )
    .orderBy(asc(companies.id))
    .limit(1)
  return row ?? null
}

/** The matching company's copyright line, else the platform.copyright parameter. */
export async function siteCopyright(db: Db, origin: string | null): Promise<string> {
  const company = await companyForSite(db, origin)
  if (company?.copyright) return company.copyright
  const [param] = await db
    .select({ value: parameters.value })
    .from(parameters)
    .where(and(eq(parameters.name, 'platform.copyright'), eq(parameters.active, true)))
  return param?.value ?? ''
}
