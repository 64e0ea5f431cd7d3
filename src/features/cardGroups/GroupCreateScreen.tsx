import { Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useAction } from '../../components/action/useAction'
import { toast } from '../../components/feedback/toast'
import { SelectInput, TextInput, useZodForm } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ResourceFormPage } from '../../components/resource/ResourceForm'
import { MoneyInput } from '../../domain/MoneyInput'
import { formatMoney } from '../../lib/money'
import { cardGroups } from '../../resources/cardGroups'
import { groupCreate } from '../../resources/cardGroupOps'
import { groupCreateForm } from './createForm'
import { groupQueries } from './resource'

/** create-share-card-group: a group from a visible rule, its deposit from the merchant balance. */
export function GroupCreateScreen() {
  const merchants = useQuery(groupQueries.merchants())
  return merchants.data ? <CreateForm merchants={merchants.data} /> : null
}

function CreateForm({ merchants }: { merchants: { id: number; label: string }[] }) {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const perms = useScreenButtons('cards-share-group', cardGroups.buttons)
  const allowed = perms.can('add')
  // The request id of each attempt is the hook's (kept for retries, new after a refusal).
  const create = useAction(groupCreate)
  const closeAfterSave = useFormTab('cards:group.addTitle', 'cards-share-group')
  const back = () =>
    navigate({ to: '/main/cards-share-group', search: lastListSearch('cards-share-group') })
  const form = useZodForm({
    schema: groupCreateForm,
    initial: {
      merchantId: merchants.length === 1 ? String(merchants[0].id) : '',
      ruleId: '',
      name: '',
      currency: '',
      deposit: '',
    },
    submit: async (data) => {
      const made = await create.mutateAsync(data)
      toast.success(t('cards:group.created'))
      await closeAfterSave(() =>
        navigate({ to: '/main/cards-share-cards', search: { id: made.id } }),
      )
    },
  })
  const merchantId = Number(form.rhf.watch('merchantId')) || 0
  const currency = form.rhf.watch('currency')
  const options = useQuery({ ...groupQueries.options(merchantId), enabled: merchantId > 0 })
  const rules = options.data?.rules ?? []
  const balances = options.data?.balances ?? []
  const balance = balances.find((b) => b.currency === currency)
  return (
    <ResourceFormPage
      screen={{ form, perms, allowed, back, title: t('cards:group.addTitle') }}
      context={
        options.data && rules.length === 0 ? (
          <Text size="2" color="amber">
            {t('cards:group.noRules')}
          </Text>
        ) : undefined
      }
    >
      <SelectInput
        form={form}
        name="merchantId"
        label={t('cards:group.merchant')}
        required
        options={merchants.map((m) => ({ value: String(m.id), label: m.label }))}
      />
      <SelectInput
        form={form}
        name="ruleId"
        label={t('cards:group.rule')}
        required
        options={rules.map((r) => ({
          value: String(r.id),
          label: `${r.name} · ${t(`cards:rule.levels.${r.level}`)} · ${r.floatingRatio} % / ${r.warningThreshold} % / ${r.maxCards}`,
        }))}
        emptyReason={options.data ? t('cards:group.noRules') : undefined}
      />
      <TextInput form={form} name="name" label={t('cards:group.name')} required autoFocus />
      <SelectInput
        form={form}
        name="currency"
        label={t('cards:group.currency')}
        required
        options={balances.map((b) => ({ value: b.currency, label: b.currency }))}
        emptyReason={options.data ? t('cards:group.noBalances') : undefined}
      />
      <MoneyInput
        form={form}
        name="deposit"
        label={t('cards:group.deposit')}
        currency={currency || undefined}
        hint={
          balance
            ? `${t('cards:group.depositHint')}. ${t('cards:group.balance', {
                amount: formatMoney(balance.available, balance.currency),
              })}`
            : t('cards:group.depositHint')
        }
        required
      />
    </ResourceFormPage>
  )
}
