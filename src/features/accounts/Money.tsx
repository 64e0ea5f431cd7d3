// Moved to the shared formatters (the card screens show money too).
export { Money } from '../../components/format/Money'
