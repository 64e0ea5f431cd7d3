export { deliverDueCreations } from './delivery'
