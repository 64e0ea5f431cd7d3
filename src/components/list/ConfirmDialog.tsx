import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'

interface Props {
  open: boolean
  title: string
  description: string
  /** Label of the confirming button (e.g. Delete). */
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before an irreversible action (delete). Focus starts on Cancel, so a stray Enter does
 * not destroy anything; Esc cancels.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation()
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => (o ? undefined : onCancel())}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common:cancel')}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
