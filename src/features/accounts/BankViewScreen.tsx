import { Button, DataList, Flex, Text } from '@radix-ui/themes'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../components/feedback/toast'
import { EditRecord, FormPage } from '../../components/form'
import { ConfirmDialog } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import type { bankAccounts } from '../../resources/accounts'
import type { RowOf } from '../../resources/kit'
import { bankResource } from './resource'

type Bank = RowOf<typeof bankAccounts>
const FIELDS = [
  'currency',
  'bankName',
  'accountName',
  'accountNumber',
  'address',
  'swift',
  'bankCode',
  'branchCode',
  'location',
] as const

function BankView({ bank }: { bank: Bank }) {
  const { t } = useTranslation(['accounts', 'common'])
  const navigate = useNavigate()
  const perms = useScreenButtons('accounts-balance', ['edit', 'delete'])
  const remove = bankResource.useRemove()
  const [confirming, setConfirming] = useState(false)
  return (
    <FormPage title={t('accounts:viewBankTitle')}>
      <Flex direction="column" gap="4">
        <DataList.Root>
          {FIELDS.map((f) => (
            <DataList.Item key={f}>
              <DataList.Label>{t(`accounts:${f}`)}</DataList.Label>
              <DataList.Value>{bank[f] || '—'}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Flex gap="3">
          {perms.can('edit') && (
            <Button asChild>
              <Link to="/main/accounts-balance-save" search={{ id: bank.id }}>
                {t('common:edit')}
              </Link>
            </Button>
          )}
          {perms.can('delete') && (
            <Button color="red" variant="soft" onClick={() => setConfirming(true)}>
              {t('common:delete')}
            </Button>
          )}
          <Button variant="soft" color="gray" asChild>
            <Link to="/main/accounts-balance">{t('common:cancel')}</Link>
          </Button>
        </Flex>
      </Flex>
      <ConfirmDialog
        open={confirming}
        title={t('accounts:deleteBankTitle')}
        description={t('accounts:deleteBankConfirm', { count: 1, names: bank.bankName })}
        confirmLabel={t('common:delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.mutateAsync([bank.id])
          toast.success(t('common:deleted'))
          await navigate({ to: '/main/accounts-balance' })
        }}
      />
    </FormPage>
  )
}

/** accounts-balance-view: one receiving bank account, read-only (edit and delete by button). */
export function BankViewScreen() {
  const { t } = useTranslation(['accounts', 'refusals'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  return (
    <EditRecord id={id} query={bankResource.detailQuery} title={t('accounts:viewBankTitle')}>
      {(bank) =>
        bank ? (
          <BankView bank={bank} />
        ) : (
          <FormPage title={t('accounts:viewBankTitle')}>
            <Text role="alert">{t('refusals:accounts.bankAccountNotFound')}</Text>
          </FormPage>
        )
      }
    </EditRecord>
  )
}
