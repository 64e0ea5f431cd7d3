import { useTranslation } from 'react-i18next'
import { DialogCancel, DialogFrame } from '../../components/dialog/DialogFrame'
import { TransferForm } from './TransferForm'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The balance the transfer starts from (the balance list's cursor row). */
  fromAccountId?: number
}

/** The transfer form in a dialog, for a row action of a balance list. */
export function TransferDialog({ open, onOpenChange, fromAccountId }: Props) {
  const { t } = useTranslation(['transfers'])
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('transfers:transfer.title')}
      maxWidth="560px"
      cancelInContent
    >
      <TransferForm
        fromAccountId={fromAccountId}
        onDone={() => onOpenChange(false)}
        extra={<DialogCancel />}
      />
    </DialogFrame>
  )
}
