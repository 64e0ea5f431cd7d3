import { createFileRoute } from '@tanstack/react-router'
import { lazyListRoute } from '../../components/resource/lazyRoutes'
import { CardholderListScreen } from '../../features/cardholders/CardholderListScreen'

export const Route = createFileRoute('/main/coremanagement-cardholder-management')({
  ...lazyListRoute(() =>
    import('../../features/cardholders/resource').then((m) => m.cardholderResource),
  ),
  component: CardholderListScreen,
})
