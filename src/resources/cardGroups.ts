import { z } from 'zod'
import { id, text, textarea } from '../lib/validators'
import { defineResource, field, filter } from './kit'

/**
 * Shared card rules and groups (issue 10; docs/groups.md). Ratios and thresholds are percent
 * on the wire with at most two decimals (10.5 = 10.5 %), basis points in the database. Money is
 * integers in the group currency's minor units.
 */

/** A percent with at most two decimals, within [0, max]. */
export const percent = (max: number) =>
  z
    .number({ message: 'validation:number' })
    .min(0)
    .max(max)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'validation:format',
    })

export const toBps = (pct: number) => Math.round(pct * 100)
export const fromBps = (bps: number) => bps / 100

export const MAX_FLOATING_RATIO = 1000
export const MAX_CARDS_PER_GROUP = 1000

export const RULE_LEVELS = ['platform', 'merchant'] as const
export type RuleLevel = (typeof RULE_LEVELS)[number]

/** cards-rules-limits: platform-level rules (visible to chosen companies and merchants) and merchant-level rules. */
export const cardGroupRules = defineResource({
  name: 'CardGroupRule',
  api: '/card-rule',
  screen: 'cards-rules-limits',
  form: 'cards-rules-limits-merchant-saveinfo',
  buttons: ['add', 'edit', 'delete', 'platform', 'visibility'],
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    level: z.enum(RULE_LEVELS),
    merchantId: z.number().int().nullable(),
    merchantName: z.string(),
    floatingRatio: z.number(),
    warningThreshold: z.number(),
    maxCards: z.number().int(),
    remark: z.string(),
    /** Groups made from the rule: once there is one, the rule cannot be edited (spec §4). */
    groupCount: z.number().int(),
    /** How many companies and merchants a platform-level rule is visible to. */
    visibleCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  save: z.object({
    id: id().optional(),
    name: text(),
    /** Null: a platform-level rule (button `cards-rules-limits:platform`). */
    merchantId: id().nullable().default(null),
    floatingRatio: percent(MAX_FLOATING_RATIO),
    warningThreshold: percent(100),
    maxCards: z.number({ message: 'validation:number' }).int().min(1).max(MAX_CARDS_PER_GROUP),
    remark: textarea(),
  }),
  sortable: ['name', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { name: filter.text(), merchantId: filter.merchant() },
  scope: 'merchantId',
  messages: 'cards:rule',
  // The list's columns, both forms' inputs (a platform rule leaves out the merchant) and the
  // export. Percents and counts are typed as text: letters read "Must be number".
  fields: {
    name: field.text('list', 'form', 'export'),
    level: field.code('cards:rule.levels', 'list', 'export'),
    merchantName: field.text('list', 'export'),
    merchantId: field.pickerOf('merchant', 'form'),
    floatingRatio: field.text('list', 'form', 'export'),
    warningThreshold: field.text('list', 'form', 'export'),
    maxCards: field.text('list', 'form', 'export'),
    remark: field.textarea('form'),
    groupCount: field.number('list', 'export'),
    visibleCount: field.number('list'),
    createdAt: field.datetime('list', 'export'),
  },
})

/** cards-rules-limits-visibility: the whole set of companies and merchants that may use a platform rule. */
export const ruleVisibility = z.object({
  id: id(),
  companyIds: z.array(id()).max(500).default([]),
  merchantIds: z.array(id()).max(500).default([]),
})
export type RuleVisibility = z.output<typeof ruleVisibility>

/** cards-share-group: the shared card groups in reach, their pools live. */
export const cardGroups = defineResource({
  name: 'CardGroup',
  api: '/card-group',
  screen: 'cards-share-group',
  form: 'create-share-card-group',
  buttons: ['add', 'top-up', 'withdraw', 'cards'],
  row: z.object({
    id: z.number().int(),
    name: z.string(),
    merchantId: z.number().int(),
    merchantName: z.string(),
    ruleId: z.number().int(),
    ruleName: z.string(),
    currency: z.string(),
    floatingRatio: z.number(),
    warningThreshold: z.number(),
    maxCards: z.number().int(),
    /** Put in less taken out (minor units). */
    deposit: z.number().int(),
    /** Sum of the cards' limits. */
    allocated: z.number().int(),
    /** Cleared purchases less refunds. */
    spent: z.number().int(),
    /** Pending authorisations. */
    held: z.number().int(),
    /** What the cards may still spend: deposit − spent − held. */
    available: z.number().int(),
    cardCount: z.number().int(),
    /** available < deposit × warning threshold. */
    belowThreshold: z.boolean(),
    createdAt: z.string(),
  }),
  save: z.object({}),
  sortable: ['createdAt', 'name'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  filters: { name: filter.text(), merchantId: filter.merchant(), currency: filter.exact() },
  scope: 'merchantId',
  messages: 'cards:group',
  // The list's columns and the export; the group page's pool (`view`).
  fields: {
    name: field.text('list', 'export'),
    belowThreshold: field.flag('list', 'export'),
    merchantName: field.text('list', 'export'),
    ruleName: field.text('list', 'export'),
    currency: field.text('list', 'export'),
    deposit: field.money('currency', 'list', 'view', 'export'),
    allocated: field.money('currency', 'list', 'view', 'export'),
    spent: field.money('currency', 'list', 'view', 'export'),
    held: field.money('currency', 'list', 'view', 'export'),
    available: field.money('currency', 'list', 'view', 'export'),
    cardCount: field.number('list', 'view', 'export'),
    createdAt: field.datetime('list', 'export'),
  },
})
