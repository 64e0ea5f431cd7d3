import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { YesNo } from '../../components/format/YesNo'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { EmailAccount } from '../../resources/emailAccounts'
import { emailAccountResource } from './resource'

const route = getRouteApi('/main/email-account')

/** email-account: the sender accounts; V opens one with its DNS check and test mail. */
export function EmailAccountListScreen() {
  const { t } = useTranslation(['outbox', 'common', 'menu'])
  const navigate = useNavigate()
  const screen = useResourceList({
    client: emailAccountResource,
    search: route.useSearch(),
    deleteConfirm: useMemo(
      () => ({
        title: t('common:delete'),
        description: (rows: EmailAccount[]) => rows.map((r) => r.address).join(', '),
      }),
      [t],
    ),
  })
  const actions = useMemo<ListAction<EmailAccount>[]>(
    () => [
      ...screen.layout.actions,
      {
        id: 'view',
        label: t('menu:email-account-view'),
        needs: 'one',
        run: ([row]) =>
          navigate({ to: '/main/email-account-view', search: { id: row.id } } as never),
      },
      {
        // Which account sends which mail (read only without the settings button).
        id: 'settings',
        label: t('menu:button.settings'),
        needs: 'none',
        run: () => navigate({ to: '/main/email-account-save-settinginfo' } as never),
      },
    ],
    [screen.layout.actions, navigate, t],
  )
  const columns = useMemo<Column<EmailAccount>[]>(
    () => [
      {
        id: 'address',
        label: t('emailAccount.address'),
        sortField: 'address',
        hideable: false,
        render: (r) => r.address,
      },
      { id: 'senderName', label: t('emailAccount.senderName'), render: (r) => r.senderName },
      { id: 'host', label: t('emailAccount.host'), render: (r) => `${r.host}:${r.port}` },
      {
        id: 'security',
        label: t('emailAccount.security'),
        render: (r) => t(`emailAccount.securityValue.${r.security}`),
      },
      {
        id: 'status',
        label: t('emailAccount.status'),
        render: (r) => (
          <Badge color={r.status === 'active' ? 'green' : 'gray'} variant="soft" highContrast>
            {t(`emailAccount.statusValue.${r.status}`)}
          </Badge>
        ),
      },
      {
        id: 'isPublic',
        label: t('emailAccount.isPublic'),
        render: (r) => <YesNo value={r.isPublic} />,
      },
      {
        id: 'isDefault',
        label: t('emailAccount.isDefault'),
        render: (r) => <YesNo value={r.isDefault} />,
      },
      {
        id: 'dns',
        label: t('emailAccount.dnsRecords'),
        render: (r) =>
          r.dnsCheckedAt
            ? `${r.dnsRecords.filter((d) => d.verified).length} / ${r.dnsRecords.length}`
            : '—',
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        columns={columns}
        rowLabel={(r) => r.address}
      />
      {screen.exportDialog}
    </>
  )
}
