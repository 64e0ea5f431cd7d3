import type { TFunction } from 'i18next'
import { MOVEMENT_STATUSES, MOVEMENT_TYPES } from '../../resources/accounts'

const KNOWN_TYPES = [...MOVEMENT_TYPES, 'hold_post'] as const
type KnownType = (typeof KNOWN_TYPES)[number]
type Status = (typeof MOVEMENT_STATUSES)[number]

const isType = (v: string): v is KnownType => (KNOWN_TYPES as readonly string[]).includes(v)
const isStatus = (v: string): v is Status => (MOVEMENT_STATUSES as readonly string[]).includes(v)

/** A movement type's name; a kind another module adds later shows as its code. */
export const typeLabel = (t: TFunction, type: string) =>
  isType(type) ? t(`accounts:types.${type}`) : type

export const statusLabel = (t: TFunction, status: string) =>
  isStatus(status) ? t(`accounts:statuses.${status}`) : status

export const STATUS_COLORS: Record<string, 'green' | 'amber' | 'red' | 'gray'> = {
  success: 'green',
  pending: 'amber',
  rejected: 'red',
  cancel: 'gray',
}
