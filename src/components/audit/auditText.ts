import { codeLabel, type Translate } from '../../lib/codeLabels'

/** An audit action's label in the reader's language (the catalogue's, src/lib/auditActions.ts). */
export const actionText = (t: Translate, action: string) => codeLabel(t, 'auditAction', action)

// Objects, fields and changes in words are src/lib/auditChanges.ts's (the export reads them too).
export { objectText, objectTypeText } from '../../lib/auditChanges'
