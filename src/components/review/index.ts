export { ReviewPanel } from './ReviewPanel'
