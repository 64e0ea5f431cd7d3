import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { RuleListScreen } from '../../features/cardGroups/RuleListScreen'

export const Route = createFileRoute('/main/cards-rules-limits')({
  ...lazyListRoute(() => import('../../features/cardGroups/resource').then((m) => m.ruleResource)),
  component: RuleListScreen,
})
