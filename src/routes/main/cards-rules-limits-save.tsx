import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { PlatformRuleFormScreen } from '../../features/cardGroups/RuleFormScreen'

export const Route = createFileRoute('/main/cards-rules-limits-save')({
  ...lazyFormRoute(() => import('../../features/cardGroups/resource').then((m) => m.ruleResource)),
  component: PlatformRuleFormScreen,
})
