import { Badge, Button, Code, Flex, Heading, Table, Text } from '@radix-ui/themes'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { toast } from '../../components/feedback/toast'
import { ConfirmDialog } from '../../components/list/ConfirmDialog'
import { useScreenButtons } from '../../components/permissions/useButtons'
import type { ModuleRow } from '../../resources/modules'
import { labelIn, treeOrder } from './labels'
import { refreshAfterWrite, moduleListQuery } from './api'

/**
 * module-management: every menu entry in menu order. Built-in entries are renamed, moved,
 * reordered or hidden (module-management-save), never deleted; added groups can be deleted
 * once empty (docs/menus-and-permissions.md, "Who owns what").
 */
export function ModuleListScreen() {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const list = useQuery(moduleListQuery())
  const can = useScreenButtons('module-management', ['add', 'edit', 'delete']).can
  const qc = useQueryClient()
  const [deleting, setDeleting] = useState<ModuleRow | null>(null)
  const remove = useMutation({
    mutationFn: (id: number) => call('/module/delete', { ids: [id] }),
    onSuccess: async () => {
      toast.success(t('modules:modules.deleted'))
      setDeleting(null)
      await refreshAfterWrite(qc)
    },
    onError: () => setDeleting(null),
  })
  const rows = treeOrder(list.data ?? [])
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {t('modules:modules.title')}
          </Heading>
          <Text color="gray" size="2">
            {t('modules:modules.lead')}
          </Text>
        </Flex>
        {can('add') ? (
          <Button asChild>
            <Link to="/main/module-management-save">{t('modules:modules.add')}</Link>
          </Button>
        ) : null}
      </Flex>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
      <Table.Root variant="surface" size="1" data-testid="module-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('modules:modules.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.route')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.category')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.position')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.seq')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.hidden')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('modules:modules.disabled')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ row, depth }) => {
            const name = labelIn(row.language, i18n.language)
            return (
              <Table.Row key={row.id} data-testid={`module-${row.name}`}>
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center" style={{ paddingInlineStart: `${depth * 1.25}rem` }}>
                    <Text weight={row.category === 'group' ? 'bold' : 'regular'}>{name}</Text>
                    {row.builtIn ? null : (
                      <Badge color="green" variant="soft">
                        {t('modules:modules.custom')}
                      </Badge>
                    )}
                    {row.edited ? (
                      <Badge color="amber" variant="soft" highContrast>
                        {t('modules:modules.edited')}
                      </Badge>
                    ) : null}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <Code variant="ghost">{row.url || row.name}</Code>
                </Table.Cell>
                <Table.Cell>
                  {t(`modules:modules.categories.${row.category}`, row.category)}
                </Table.Cell>
                <Table.Cell>
                  {t(
                    row.position === 1
                      ? 'modules:modules.positions.1'
                      : 'modules:modules.positions.2',
                  )}
                </Table.Cell>
                <Table.Cell>{row.seq}</Table.Cell>
                <Table.Cell>{row.isHidden ? t('common:yes') : t('common:no')}</Table.Cell>
                <Table.Cell>{row.disabled ? t('common:yes') : t('common:no')}</Table.Cell>
                <Table.Cell>
                  <Flex gap="2" justify="end">
                    {can('edit') ? (
                      <Button size="1" variant="soft" asChild>
                        <Link
                          to="/main/module-management-save"
                          search={{ id: row.id }}
                          aria-label={`${t('modules:modules.edit')} ${name}`}
                        >
                          {t('modules:modules.edit')}
                        </Link>
                      </Button>
                    ) : null}
                    {can('delete') && !row.builtIn ? (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        aria-label={`${t('modules:modules.delete')} ${name}`}
                        onClick={() => setDeleting(row)}
                      >
                        {t('modules:modules.delete')}
                      </Button>
                    ) : null}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
      <ConfirmDialog
        open={!!deleting}
        title={t('modules:modules.delete')}
        description={t('modules:modules.deleteConfirm', {
          name: deleting ? labelIn(deleting.language, i18n.language) : '',
        })}
        confirmLabel={t('modules:modules.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  )
}
