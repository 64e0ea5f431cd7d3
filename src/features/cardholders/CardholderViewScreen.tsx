import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { resourceViewScreen } from '../../components/resource/ResourceView'
import { cardholderResource, holderDisplay } from './resource'

/** coremanagement-cardholder-view (?id=): one cardholder, read only, with Edit when allowed. */
export const CardholderViewScreen = resourceViewScreen({
  client: cardholderResource,
  title: 'cards:holder.viewTitle',
  display: holderDisplay,
  back: 'cards:holder.back',
  after: (r) => <ObjectHistory type="cardholder" id={r.id} />,
})
