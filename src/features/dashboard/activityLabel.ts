import type { TFunction } from 'i18next'
import { isAuditAction } from '../../lib/auditActions'

/**
 * An audit action's name in the reader's language (src/lib/auditActions.ts lists every action
 * the server writes, and each has a label in both languages), or null for a code the catalogue
 * does not know (a row written by an older version), which is then shown as it is.
 */
export function activityLabel(t: TFunction<'dashboard'>, code: string): string | null {
  return isAuditAction(code) ? t(`activity.${code}`) : null
}
