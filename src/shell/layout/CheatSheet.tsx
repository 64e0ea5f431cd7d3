import { Button, Dialog, Flex, Heading, Kbd, Table } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { SHORTCUTS, type ShortcutScope } from '../shortcuts'

const SCOPES: ShortcutScope[] = ['global', 'list', 'dialog']

/** The `?` sheet: the whole registry, grouped by where the keys work. */
export function CheatSheet({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { t } = useTranslation('shell')
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" data-testid="cheat-sheet">
        <Dialog.Title>{t('cheatSheet.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t('cheatSheet.description')}
        </Dialog.Description>
        {SCOPES.map((scope) => (
          <section key={scope} aria-labelledby={`vcc-keys-${scope}`}>
            <Heading as="h3" size="2" mt="3" mb="1" id={`vcc-keys-${scope}`}>
              {t(`cheatSheet.${scope}`)}
            </Heading>
            <Table.Root size="1">
              <Table.Body>
                {SHORTCUTS.filter((s) => s.scope === scope).map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell>{t(`shortcut.${s.id}`)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Kbd>{s.display}</Kbd>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
        ))}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {t('cheatSheet.close')}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
