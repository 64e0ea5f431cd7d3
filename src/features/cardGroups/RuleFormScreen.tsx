import { Callout } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { SelectInput, TextAreaInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { useScreenButtons } from '../../components/permissions/useButtons'
import {
  cardGroupRules,
  MAX_CARDS_PER_GROUP,
  MAX_FLOATING_RATIO,
  percent,
  type RuleLevel,
} from '../../resources/cardGroups'
import type { RowOf } from '../../resources/kit'
import { groupQueries, ruleResource } from './resource'

type Rule = RowOf<typeof cardGroupRules>

/** A number typed in a text box, then the definition's rule for it. */
const typed = (rule: z.ZodNumber) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((v) => Number(v))
    .pipe(rule)

/** The form's values: the definition's save rules over text boxes; no merchant = platform. */
const ruleForm = (level: RuleLevel) =>
  z
    .object({
      name: cardGroupRules.save.shape.name,
      merchantId: z.string().transform((v) => (v === '' ? null : Number(v))),
      floatingRatio: typed(percent(MAX_FLOATING_RATIO)),
      warningThreshold: typed(percent(100)),
      maxCards: typed(
        z.number({ message: 'validation:number' }).int().min(1).max(MAX_CARDS_PER_GROUP),
      ),
      remark: cardGroupRules.save.shape.remark,
    })
    .superRefine((v, ctx) => {
      if (level === 'merchant' && v.merchantId === null) {
        ctx.addIssue({ code: 'custom', path: ['merchantId'], message: 'validation:required' })
      }
    })

function RuleForm({ record, level }: { record?: Rule; level: RuleLevel }) {
  const { t } = useTranslation(['cards', 'common'])
  const merchants = useQuery(groupQueries.merchants())
  const perms = useScreenButtons('cards-rules-limits', cardGroupRules.buttons)
  // Spec §4: a rule a group was made from keeps its terms. A platform rule needs its button.
  const inUse = !!record && record.groupCount > 0
  const platformDenied = level === 'platform' && perms.ready && !perms.can('platform')
  const only = merchants.data?.length === 1 ? String(merchants.data[0].id) : ''
  const initial = {
    name: record?.name ?? '',
    merchantId: level === 'platform' ? '' : record?.merchantId ? String(record.merchantId) : only,
    floatingRatio: record ? String(record.floatingRatio) : '',
    warningThreshold: record ? String(record.warningThreshold) : '',
    maxCards: record ? String(record.maxCards) : '',
    remark: record?.remark ?? '',
  }
  const screen = useResourceForm({
    client: ruleResource,
    record,
    schema: ruleForm(level),
    initial,
    titles:
      level === 'platform'
        ? { add: 'cards:rule.addPlatformTitle', edit: 'cards:rule.editPlatformTitle' }
        : { add: 'cards:rule.addTitle', edit: 'cards:rule.editTitle' },
    locked: inUse || platformDenied,
  })
  const { form } = screen
  const readOnly = inUse || !screen.allowed
  const notice = inUse ? (
    <Callout.Root color="amber" size="1" highContrast data-testid="rule-in-use">
      <Callout.Text>{t('cards:rule.inUse', { count: record!.groupCount })}</Callout.Text>
    </Callout.Root>
  ) : undefined
  return (
    <ResourceFormPage screen={screen} notice={notice}>
      <TextInput
        form={form}
        name="name"
        label={t('cards:rule.name')}
        required
        readOnly={readOnly}
        autoFocus
      />
      {level === 'merchant' && (
        <SelectInput
          form={form}
          name="merchantId"
          label={t('cards:rule.merchant')}
          required
          disabled={readOnly || !!record}
          options={(merchants.data ?? []).map((m) => ({ value: String(m.id), label: m.label }))}
        />
      )}
      <TextInput
        form={form}
        name="floatingRatio"
        label={t('cards:rule.floatingRatio')}
        hint={t('cards:rule.floatingRatioHint')}
        required
        readOnly={readOnly}
      />
      <TextInput
        form={form}
        name="warningThreshold"
        label={t('cards:rule.warningThreshold')}
        hint={t('cards:rule.warningThresholdHint')}
        required
        readOnly={readOnly}
      />
      <TextInput
        form={form}
        name="maxCards"
        label={t('cards:rule.maxCards')}
        required
        readOnly={readOnly}
      />
      <TextAreaInput form={form} name="remark" label={t('cards:rule.remark')} readOnly={readOnly} />
    </ResourceFormPage>
  )
}

/** cards-rules-limits-merchant-saveinfo: a merchant-level rule, new or (?id=) as saved. */
export const MerchantRuleFormScreen = resourceFormScreen(
  ruleResource,
  'cards:rule.editTitle',
  function MerchantRuleForm({ record }) {
    // The merchant choice starts filled when the user reaches one merchant only.
    const merchants = useQuery(groupQueries.merchants())
    return merchants.data ? <RuleForm record={record} level="merchant" /> : null
  },
)

/** cards-rules-limits-save: a platform-level rule (button `cards-rules-limits:platform`). */
export const PlatformRuleFormScreen = resourceFormScreen(
  ruleResource,
  'cards:rule.editPlatformTitle',
  function PlatformRuleForm({ record }) {
    return <RuleForm record={record} level="platform" />
  },
)
