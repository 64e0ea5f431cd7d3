import { Button, Code, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { DialogFrame } from '../../components/dialog/DialogFrame'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { toast } from '../../components/feedback/toast'
import { FormShell, TextInput, useZodForm } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { buttonSave, type ButtonRow } from '../../resources/modules'
import { refreshAfterWrite, buttonListQuery } from './api'
import { labelIn } from './labels'

const form = buttonSave.omit({ id: true })

function RenameForm({ button, onDone }: { button: ButtonRow; onDone: () => void }) {
  const { t } = useTranslation(['modules'])
  const qc = useQueryClient()
  const f = useZodForm({
    schema: form,
    initial: { nameEn: button.language.en_US, nameZh: button.language.zh_CN },
    submit: async (v) => {
      await call('/button/save', { ...v, id: button.id })
      await refreshAfterWrite(qc)
      toast.success(t('modules:buttons.saved'))
      onDone()
    },
  })
  return (
    <FormShell form={f} label={t('modules:buttons.rename')}>
      <TextInput form={f} name="nameEn" label={t('modules:modules.nameEn')} required />
      <TextInput form={f} name="nameZh" label={t('modules:modules.nameZh')} required />
    </FormShell>
  )
}

/**
 * button-management: every screen's buttons, the forms each opens (menuRouterList, the
 * registry's) and their names, which an operator may change.
 */
export function ButtonListScreen() {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const list = useQuery(buttonListQuery())
  const can = useScreenButtons('button-management', ['edit']).can
  const [renaming, setRenaming] = useState<ButtonRow | null>(null)
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="6">
          {t('modules:buttons.title')}
        </Heading>
        <Text color="gray" size="2">
          {t('modules:buttons.lead')}
        </Text>
      </Flex>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:modules.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:buttons.code')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:buttons.opens')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(list.data ?? []).map((b) => {
            const name = labelIn(b.language, i18n.language)
            return (
              <Table.Row key={b.id}>
                <Table.RowHeaderCell>{name}</Table.RowHeaderCell>
                <Table.Cell>
                  <Code variant="ghost">{b.code}</Code>
                </Table.Cell>
                <Table.Cell>
                  <Code variant="ghost">{b.menuRouterList || '—'}</Code>
                </Table.Cell>
                <Table.Cell>
                  {can('edit') ? (
                    <Button
                      size="1"
                      variant="soft"
                      aria-label={`${t('modules:buttons.rename')} ${b.code}`}
                      onClick={() => setRenaming(b)}
                    >
                      {t('modules:buttons.rename')}
                    </Button>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
      <DialogFrame
        open={!!renaming}
        onClose={() => setRenaming(null)}
        title={t('modules:buttons.renameTitle', { code: renaming?.code ?? '' })}
      >
        {renaming ? (
          <RenameForm key={renaming.id} button={renaming} onDone={() => setRenaming(null)} />
        ) : null}
      </DialogFrame>
    </Flex>
  )
}
