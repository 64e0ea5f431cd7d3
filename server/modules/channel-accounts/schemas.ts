import { z } from '@hono/zod-openapi'
import { MinorAmount, RequestId } from '../ledger/schemas'

const ChannelAccountId = z.number().int().positive().max(2_147_483_647)

export const VisibilityRequest = z
  .object({
    id: ChannelAccountId,
    companyIds: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
  })
  .openapi('ChannelAccountVisibilityRequest')

export const ChannelTransferRequest = z
  .object({
    fromChannelAccountId: ChannelAccountId,
    toChannelAccountId: ChannelAccountId,
    amount: MinorAmount,
    requestId: RequestId,
    remark: z.string().trim().max(100).optional(),
  })
  .openapi('ChannelTransferRequest')
