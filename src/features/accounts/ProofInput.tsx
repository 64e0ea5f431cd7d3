import { useTranslation } from 'react-i18next'
import { FileInput, type PickedFile } from '../../components/form/FileInput'
import { PROOF_FILE } from '../../lib/files'

export interface ProofFile extends PickedFile {
  contentType: (typeof PROOF_FILE.types)[number]
}

/** The proof of a wire: the file field under the proof's rule (PDF, PNG, JPEG, 512 KB). */
export function ProofInput({
  label,
  onChange,
}: {
  label: string
  onChange: (file: ProofFile | undefined) => void
}) {
  const { t } = useTranslation('refusals')
  // "The proof file must be at most 512 KB": the limit under the field, and the refusal.
  const size = t('accounts.proofTooLarge', { max: PROOF_FILE.maxBytes / 1024 })
  return (
    <FileInput
      label={label}
      rule={PROOF_FILE}
      // Not marked required: the save schema (AccountDeclareRequest) takes a deposit without one.
      limit={size}
      messages={{ type: t('accounts.proofType'), size }}
      onChange={(file) => onChange(file as ProofFile | undefined)}
    />
  )
}
