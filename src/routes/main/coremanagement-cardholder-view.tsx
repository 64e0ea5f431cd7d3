import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardholderViewScreen } from '../../features/cardholders/CardholderViewScreen'

export const Route = createFileRoute('/main/coremanagement-cardholder-view')({
  ...lazyFormRoute(() =>
    import('../../features/cardholders/resource').then((m) => m.cardholderResource),
  ),
  component: CardholderViewScreen,
})
