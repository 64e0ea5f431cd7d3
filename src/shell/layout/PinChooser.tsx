import { Button, Checkbox, Dialog, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { menuLabel, type MenuModel } from '../../lib/menuModel'
import { chooseQueryKey, usePinMenu } from '../menus/mutations'

const chooseQuery = () =>
  queryOptions({ queryKey: chooseQueryKey, queryFn: () => call('/menu/choose/query') })

/**
 * "More" (the synthetic last entry of sysList): every page the user may pin, grouped as the
 * menu groups them, each with its pinned box (POST /menu/choose/query, /menu/pin, /menu/unPin).
 */
export function PinChooser({
  open,
  onOpenChange,
  model,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
  model: MenuModel
}) {
  const { t, i18n } = useTranslation('shell')
  const q = useQuery({ ...chooseQuery(), enabled: open })
  const pin = usePinMenu()
  const items = q.data ?? []
  // Boxes are never disabled while a toggle saves: a disabled box would drop the keyboard focus.
  // A toggle shows at once and queues behind any still saving (usePinMenu).
  const groups = [...new Set(items.map((i) => i.upId))]
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px" data-testid="pin-chooser">
        <Dialog.Title>{t('more.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {t('more.description')}
        </Dialog.Description>
        {q.isPending && <Spinner mt="3" />}
        {q.isSuccess && items.length === 0 && <Text as="p">{t('more.empty')}</Text>}
        {groups.map((up) => {
          const group = up === null ? undefined : model.byId.get(up)
          const headingId = `vcc-pin-group-${up ?? 'top'}`
          return (
            <section key={String(up)} aria-labelledby={group ? headingId : undefined}>
              {group && (
                <Heading as="h3" size="2" mt="3" mb="1" id={headingId}>
                  {menuLabel(group, i18n.language)}
                </Heading>
              )}
              <Flex direction="column" gap="2" mt={group ? '0' : '3'}>
                {items
                  .filter((i) => i.upId === up)
                  .map((i) => (
                    <Text as="label" size="2" key={i.menuId}>
                      <Flex gap="2" align="center">
                        <Checkbox
                          checked={i.pinned}
                          onCheckedChange={(c) =>
                            pin.mutate({ menuId: i.menuId, pinned: c === true })
                          }
                        />
                        {menuLabel(i, i18n.language)}
                      </Flex>
                    </Text>
                  ))}
              </Flex>
            </section>
          )
        })}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {t('more.close')}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  )
}
