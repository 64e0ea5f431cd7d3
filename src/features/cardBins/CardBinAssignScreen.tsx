import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { DataOf } from '../../api/client'
import { EditRecord } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { OrgAccessForm } from '../../components/resource/OrgAccessForm'
import { cardBins } from '../../resources/cardBins'
import { cardBinQueries, useAssignCardBin } from './resource'

const route = getRouteApi('/main/card-bin-management-assign')
type Assignment = DataOf<'/card-bin/assignments'>

/** card-bin-management-assign (?id=): which companies and merchants may issue on a BIN. */
export function CardBinAssignScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={cardBinQueries.assignment}
      titleKey="menu:card-bin-management-assign"
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(assignment) => <AssignForm key={id} assignment={assignment!} />}
    </EditRecord>
  )
}

function AssignForm({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation(['cards', 'common'])
  const assign = useAssignCardBin()
  const perms = useScreenButtons('card-bin-management', cardBins.buttons)
  return (
    <OrgAccessForm
      initial={{ companyIds: assignment.companyIds, merchantIds: assignment.merchantIds }}
      save={(access) => assign.mutateAsync({ id: assignment.id, ...access })}
      perms={perms}
      allowed={perms.can('assign')}
      formTitle="menu:card-bin-management-assign"
      listScreen="card-bin-management"
      title={t('cards:bin.assignTitle', { bin: assignment.bin })}
      hint={t('cards:bin.assignHint')}
      saved={t('cards:bin.assigned')}
      texts={{
        companies: t('cards:bin.companies'),
        noCompanies: t('cards:bin.noCompanies'),
        merchants: t('cards:bin.merchants'),
        noMerchants: t('cards:bin.noMerchants'),
      }}
    />
  )
}
