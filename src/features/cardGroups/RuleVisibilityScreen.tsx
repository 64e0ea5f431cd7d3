import { Checkbox, Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call, type DataOf } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { EditRecord, useZodForm, type FormApi } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ResourceFormPage } from '../../components/resource/ResourceForm'
import { cardGroupRules } from '../../resources/cardGroups'
import { groupQueries, useSaveVisibility } from './resource'

const route = getRouteApi('/main/cards-rules-limits-visibility')
type Assignment = DataOf<'/card-rule/visibility'>
type CompanyNode = DataOf<'/org/companyTree'>[number]
interface Choice {
  id: number
  label: string
}

const assignForm = z.object({ companyIds: z.array(z.number()), merchantIds: z.array(z.number()) })
type AssignValues = z.output<typeof assignForm>

/** The company tree in its own order, each name indented by its depth. */
function flatten(nodes: CompanyNode[], depth = 0): Choice[] {
  return nodes.flatMap((n) => [
    { id: n.id, label: `${'\u00a0\u00a0'.repeat(depth)}${n.name}` },
    ...flatten(n.childs as CompanyNode[], depth + 1),
  ])
}

/** cards-rules-limits-visibility (?id=): which companies and merchants may use a platform rule. */
export function RuleVisibilityScreen() {
  const { t } = useTranslation()
  const { id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={groupQueries.ruleVisibility}
      title={t('menu:cards-rules-limits-visibility')}
      error={id ? null : new Error(t('validation:selectRow'))}
    >
      {(assignment) => <AssignForm key={id} assignment={assignment!} />}
    </EditRecord>
  )
}

function AssignForm({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const assign = useSaveVisibility()
  const perms = useScreenButtons('cards-rules-limits', cardGroupRules.buttons)
  const allowed = perms.can('visibility')
  const companies = useQuery({
    queryKey: ['org', 'companyTree'],
    queryFn: async () => flatten(await call('/org/companyTree')),
  })
  const merchants = useQuery({
    queryKey: ['org', 'merchantList'],
    queryFn: async (): Promise<Choice[]> =>
      (await call('/org/merchantList', {})).map((m) => ({ id: m.merchantId, label: m.name })),
  })
  const closeAfterSave = useFormTab('menu:cards-rules-limits-visibility', 'cards-rules-limits')
  const back = () =>
    navigate({ to: '/main/cards-rules-limits', search: lastListSearch('cards-rules-limits') })
  const form = useZodForm({
    schema: assignForm,
    initial: { companyIds: assignment.companyIds, merchantIds: assignment.merchantIds },
    submit: async (data) => {
      await assign.mutateAsync({ id: assignment.id, ...data })
      toast.success(t('cards:rule.visibilitySaved'))
      await closeAfterSave(back)
    },
  })
  const title = t('cards:rule.visibilityTitle', { name: assignment.name })
  return (
    <ResourceFormPage
      screen={{ form, perms, allowed, back, title }}
      context={
        <Text size="2" color="gray">
          {t('cards:rule.visibilityHint')}
        </Text>
      }
    >
      <CheckList
        form={form}
        name="companyIds"
        legend={t('cards:rule.companies')}
        empty={t('cards:rule.noCompanies')}
        choices={companies.data ?? []}
        disabled={!allowed}
      />
      <CheckList
        form={form}
        name="merchantIds"
        legend={t('cards:rule.merchants')}
        empty={t('cards:rule.noMerchants')}
        choices={merchants.data ?? []}
        disabled={!allowed}
      />
    </ResourceFormPage>
  )
}

/** A group of checkboxes holding a list of ids (Tab moves between them, Space ticks). */
function CheckList(p: {
  form: FormApi<AssignValues>
  name: 'companyIds' | 'merchantIds'
  legend: string
  empty: string
  choices: Choice[]
  disabled: boolean
}) {
  const ids = p.form.rhf.watch(p.name)
  const toggle = (id: number, on: boolean) =>
    p.form.rhf.setValue(
      p.name,
      on ? [...ids, id].sort((a, b) => a - b) : ids.filter((x) => x !== id),
      { shouldDirty: true },
    )
  return (
    <fieldset className="vcc-fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text as="div" weight="bold" size="2" mb="2">
        <legend>{p.legend}</legend>
      </Text>
      <Flex direction="column" gap="2">
        {p.choices.length === 0 ? (
          <Text size="2" color="gray">
            {p.empty}
          </Text>
        ) : null}
        {p.choices.map((c) => {
          const htmlId = `${p.form.fieldId(p.name)}-${c.id}`
          return (
            <Flex key={c.id} gap="2" align="center">
              <Checkbox
                id={htmlId}
                checked={ids.includes(c.id)}
                disabled={p.disabled}
                onCheckedChange={(v) => toggle(c.id, v === true)}
              />
              <Text as="label" htmlFor={htmlId} size="2">
                {c.label}
              </Text>
            </Flex>
          )
        })}
      </Flex>
    </fieldset>
  )
}
