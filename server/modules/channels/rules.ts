import { rule } from '../../http/errors'

/** Business codes of the channel webhook: 3030–3039. */
export const ChannelWebhookRules = {
  unknownChannel: rule(3030, 'errors:channelWebhook.unknownChannel', 404),
  badSignature: rule(3031, 'errors:channelWebhook.badSignature', 401),
  replay: rule(3032, 'errors:channelWebhook.replay', 401),
  unsupportedEvent: rule(3034, 'errors:channelWebhook.unsupportedEvent'),
} as const
