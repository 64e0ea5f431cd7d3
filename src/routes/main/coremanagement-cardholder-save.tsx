import { createFileRoute } from '@tanstack/react-router'
import { lazyFormRoute } from '../../components/resource/lazyRoutes'
import { CardholderFormScreen } from '../../features/cardholders/CardholderFormScreen'

export const Route = createFileRoute('/main/coremanagement-cardholder-save')({
  ...lazyFormRoute(() =>
    import('../../features/cardholders/resource').then((m) => m.cardholderResource),
  ),
  component: CardholderFormScreen,
})
