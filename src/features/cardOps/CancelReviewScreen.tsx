import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readUser } from '../../api/storage'
import { ListLayout, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import { cancelRequests, type CardRequestRow } from '../../resources/cardRequests'
import { cancelRequestResource } from './api'
import { useRequestColumns } from './requestColumns'
import { ReviewDialog } from './ReviewDialog'
import { reviewRefusal } from './reviewRefusal'

const route = getRouteApi('/main/cards-cancel-review')

/**
 * cards-cancel-review: cancellations waiting for a second person, with the balance an approval
 * returns to the merchant. Review (toolbar or palette) on the ticked or cursor row.
 */
export function CancelReviewScreen() {
  const { t } = useTranslation(['cardOps', 'refusals', 'common'])
  const [reviewing, setReviewing] = useState<CardRequestRow | null>(null)
  const screen = useResourceList({ client: cancelRequestResource, search: route.useSearch() })
  const queryClient = useQueryClient()
  const invalidate = () =>
    queryClient.invalidateQueries({ queryKey: [cancelRequestResource.def.api] })
  const actions = useMemo<ListAction<CardRequestRow>[]>(
    () => [
      {
        id: 'review',
        label: t('cardOps:review'),
        needs: 'one',
        denied: !screen.perms.can('review'),
        refuses: (r) => reviewRefusal(r, readUser()?.userName, t),
        run: ([row]) => setReviewing(row),
      },
      ...screen.actions.filter((a) => a.id === 'export'),
    ],
    [t, screen.perms, screen.actions],
  )
  const columns = useRequestColumns(cancelRequests)
  return (
    <>
      <ListLayout
        {...screen.layout}
        actions={actions}
        viewOnly={!screen.perms.can('review')}
        columns={columns}
        rowLabel={(r) => r.cardNumber}
      />
      {screen.exportDialog}
      <ReviewDialog
        row={reviewing}
        path="/card-ops/cancel-requests/review"
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null)
          void invalidate()
        }}
      />
    </>
  )
}
