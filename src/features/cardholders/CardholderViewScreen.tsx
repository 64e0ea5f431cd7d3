import { Badge, Button, DataList, Flex } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { EditRecord, FormPage } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { cardholders } from '../../resources/cardholders'
import type { RowOf } from '../../resources/kit'
import { cardholderResource, fullName } from './resource'

const route = getRouteApi('/main/coremanagement-cardholder-view')
type Cardholder = RowOf<typeof cardholders>

/** coremanagement-cardholder-view (?id=): one cardholder, read only, with Edit when allowed. */
export function CardholderViewScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={cardholderResource.detailQuery}
      title={t('cards:holder.viewTitle')}
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(holder) => <CardholderView key={id} holder={holder!} />}
    </EditRecord>
  )
}

function CardholderView({ holder }: { holder: Cardholder }) {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const perms = useScreenButtons(cardholders.screen, cardholders.buttons)
  useFormTab('cards:holder.viewTitle', cardholders.screen)
  const rows: [string, ReactNode][] = [
    [t('cards:holder.merchant'), holder.merchantName],
    [t('cards:holder.name'), fullName(holder)],
    [t('cards:holder.phone'), `+${holder.areaCode} ${holder.phone}`],
    [t('cards:holder.email'), holder.email],
    [t('cards:holder.birthday'), holder.birthday],
    [t('cards:holder.country'), holder.country],
    [t('cards:holder.state'), holder.state],
    [t('cards:holder.city'), holder.city],
    [t('cards:holder.address'), holder.address],
    [t('cards:holder.postalCode'), holder.postalCode],
    [t('cards:holder.remark'), holder.remark],
    [
      t('cards:holder.isDefault'),
      holder.isDefault ? (
        <Badge color="green" variant="soft" highContrast>
          {t('cards:holder.default')}
        </Badge>
      ) : (
        '—'
      ),
    ],
    [t('common:createdAt'), <DateTimeText key="at" iso={holder.createdAt} />],
  ]
  return (
    <FormPage title={t('cards:holder.viewTitle')}>
      <Flex direction="column" gap="4">
        <DataList.Root>
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.Label>{label}</DataList.Label>
              <DataList.Value>{value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
        <Flex gap="3">
          {perms.can('edit') ? (
            <Button
              onClick={() =>
                navigate({ to: '/main/coremanagement-cardholder-save', search: { id: holder.id } })
              }
            >
              {t('common:edit')}
            </Button>
          ) : null}
          <Button
            variant="soft"
            color="gray"
            onClick={() =>
              navigate({
                to: '/main/coremanagement-cardholder-management',
                search: lastListSearch(cardholders.screen),
              })
            }
          >
            {t('cards:holder.back')}
          </Button>
        </Flex>
      </Flex>
    </FormPage>
  )
}
