import { Callout } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { cardGroupRules, type RuleLevel } from '../../resources/cardGroups'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { ruleResource } from './resource'

type Rule = RowOf<typeof cardGroupRules>

/** The form's values: the definition's; a merchant rule names its merchant (none: platform). */
const ruleForm = (level: RuleLevel) =>
  formSchemaOf(cardGroupRules.save, cardGroupRules.fields).superRefine((v, ctx) => {
    if (level === 'merchant' && v.merchantId === null) {
      ctx.addIssue({ code: 'custom', path: ['merchantId'], message: 'validation:required' })
    }
  })
const FORMS = { platform: ruleForm('platform'), merchant: ruleForm('merchant') }

function RuleForm({ record, level }: { record?: Rule; level: RuleLevel }) {
  const { t } = useTranslation(['cards', 'common'])
  const perms = useScreenButtons('cards-rules-limits', cardGroupRules.buttons)
  // Spec §4: a rule a group was made from keeps its terms. A platform rule needs its button.
  const inUse = !!record && record.groupCount > 0
  const platformDenied = level === 'platform' && perms.ready && !perms.can('platform')
  const screen = useResourceForm({
    client: ruleResource,
    record,
    schema: FORMS[level],
    initial: initialOf(cardGroupRules.save, cardGroupRules.fields, record),
    titles:
      level === 'platform'
        ? { add: 'cards:rule.addPlatformTitle', edit: 'cards:rule.editPlatformTitle' }
        : { add: 'cards:rule.addTitle', edit: 'cards:rule.editTitle' },
    locked: inUse || platformDenied,
  })
  const notice = inUse ? (
    <Callout.Root color="amber" size="1" highContrast data-testid="rule-in-use">
      <Callout.Text>{t('cards:rule.inUse', { count: record!.groupCount })}</Callout.Text>
    </Callout.Root>
  ) : undefined
  return (
    <ResourceFormPage screen={screen} notice={notice}>
      <FieldInputs
        def={cardGroupRules}
        form={screen.form}
        readOnly={inUse || !screen.allowed}
        extra={{
          // A platform rule has no merchant; a merchant rule keeps the one it was made for.
          merchantId: { hidden: level === 'platform', required: true, disabled: !!record },
          floatingRatio: { hint: t('cards:rule.floatingRatioHint') },
          warningThreshold: { hint: t('cards:rule.warningThresholdHint') },
        }}
      />
    </ResourceFormPage>
  )
}

/** cards-rules-limits-merchant-saveinfo: a merchant-level rule, new or (?id=) as saved. */
export const MerchantRuleFormScreen = resourceFormScreen(
  ruleResource,
  'cards:rule.editTitle',
  function MerchantRuleForm({ record }) {
    return <RuleForm record={record} level="merchant" />
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
