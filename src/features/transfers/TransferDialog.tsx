import { Dialog } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>{t('transfers:transfer.title')}</Dialog.Title>
        <TransferForm fromAccountId={fromAccountId} onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  )
}
