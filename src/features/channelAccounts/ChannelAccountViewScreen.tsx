import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { useQuery } from '@tanstack/react-query'
import { companyNames, companyTreeQuery } from '../../domain/companies'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { channelAccountResource } from './resource'

/** The names of the companies the account is visible to, from the caller's company tree. */
function useCompanyNames() {
  return useQuery({ ...companyTreeQuery(), select: companyNames }).data
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
  after: (r) => <ObjectHistory type="channel-account" id={r.id} />,
})
