import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { DataOf } from '../../api/client'
import { EditRecord } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { OrgAccessForm } from '../../components/resource/OrgAccessForm'
import { cardGroupRules } from '../../resources/cardGroups'
import { groupQueries, useSaveVisibility } from './resource'

const route = getRouteApi('/main/cards-rules-limits-visibility')
type Assignment = DataOf<'/card-rule/visibility'>

/** cards-rules-limits-visibility (?id=): which companies and merchants may use a platform rule. */
export function RuleVisibilityScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={groupQueries.ruleVisibility}
      titleKey="menu:cards-rules-limits-visibility"
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(assignment) => <VisibilityForm key={id} assignment={assignment!} />}
    </EditRecord>
  )
}

function VisibilityForm({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation(['cards', 'common'])
  const save = useSaveVisibility()
  const perms = useScreenButtons('cards-rules-limits', cardGroupRules.buttons)
  return (
    <OrgAccessForm
      initial={{ companyIds: assignment.companyIds, merchantIds: assignment.merchantIds }}
      save={(access) => save.mutateAsync({ id: assignment.id, ...access })}
      perms={perms}
      allowed={perms.can('visibility')}
      formTitle="menu:cards-rules-limits-visibility"
      listScreen="cards-rules-limits"
      title={t('cards:rule.visibilityTitle', { name: assignment.name })}
      hint={t('cards:rule.visibilityHint')}
      saved={t('cards:rule.visibilitySaved')}
      texts={{
        companies: t('cards:rule.companies'),
        noCompanies: t('cards:rule.noCompanies'),
        merchants: t('cards:rule.merchants'),
        noMerchants: t('cards:rule.noMerchants'),
      }}
    />
  )
}
