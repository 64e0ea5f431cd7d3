import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { MerchantRuleFormScreen } from '../../features/cardGroups/RuleFormScreen'

export const Route = createFileRoute('/main/cards-rules-limits-merchant-saveinfo')({
  ...lazyFormRoute(() => import('../../features/cardGroups/resource').then((m) => m.ruleResource)),
  component: MerchantRuleFormScreen,
})
