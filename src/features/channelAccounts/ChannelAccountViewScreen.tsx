import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/client'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { channelAccountResource } from './resource'

/** The names of the companies the account is visible to, from the caller's company tree. */
function useCompanyNames() {
  return useQuery({
    queryKey: ['/org/companyTree', 'names'],
    queryFn: async () => {
      const names = new Map<number, string>()
      const walk = (nodes: Awaited<ReturnType<typeof call<'/org/companyTree'>>>) =>
        nodes.forEach((n) => {
          names.set(n.id, n.name)
          walk(n.childs)
        })
      walk(await call('/org/companyTree'))
      return names
    },
  }).data
}

function CompanyNames({ ids }: { ids: number[] }) {
  const names = useCompanyNames()
  return ids.map((id) => names?.get(id) ?? `#${id}`).join(', ')
}

/** accounts-channel-view (?id=): one channel account's bank details, balance and companies. */
export const ChannelAccountViewScreen = resourceViewScreen({
  client: channelAccountResource,
  title: 'transfers:channel.viewTitle',
  display: {
    companyIds: (r, t) =>
      r.companyIds.length ? (
        <CompanyNames ids={r.companyIds} />
      ) : (
        t('transfers:channel.noCompanies')
      ),
  },
  back: 'transfers:channel.back',
})
