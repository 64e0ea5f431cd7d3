import { rule } from '../../http/errors'

/** Business codes of the channel webhook: 3030–3039. */
export const ChannelWebhookRules = {
  unknownChannel: rule(3030, 'refusals:channelWebhook.unknownChannel', 404),
  badSignature: rule(3031, 'refusals:channelWebhook.badSignature', 401),
  replay: rule(3032, 'refusals:channelWebhook.replay', 401),
  unsupportedEvent: rule(3034, 'refusals:channelWebhook.unsupportedEvent'),
} as const
