import { z } from '@hono/zod-openapi'

export const UserRightsRequest = z
  .strictObject({ userId: z.number().int().positive() })
  .openapi('UserRightsRequest')

/** Why a user may do what it does: each menu and button it holds and the role that grants it. */
export const UserRights = z
  .object({
    user: z.object({ id: z.number().int(), loginName: z.string() }),
    role: z.object({ id: z.number().int(), name: z.string(), allMerchantAccess: z.boolean() }),
    /** platform: every company and merchant; company: its subtree; merchant: its merchant. */
    reach: z.enum(['platform', 'company', 'merchant']),
    /**
     * For which merchants: true for all merchants in the user's reach (platform users, roles
     * with the all-merchant flag); otherwise `merchants` lists them (at most MERCHANTS_SHOWN).
     */
    allMerchants: z.boolean(),
    merchants: z.array(z.object({ id: z.number().int(), name: z.string() })),
    menus: z.array(
      z.object({
        /** The screen's route name (labelled `menu:<name>` on the console). */
        name: z.string(),
        /** The role that grants it (a user holds one role). */
        grantedBy: z.string(),
        /** Button codes `<screen>:<action>` the role grants on this screen. */
        buttons: z.array(z.string()),
      }),
    ),
  })
  .openapi('UserRights')
export type UserRightsAnswer = z.infer<typeof UserRights>
