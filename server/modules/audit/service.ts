import type { Actor } from '../../auth/actor'
import { reachOf } from '../../auth/scope'
import { BizError, CommonRules } from '../../http/errors'
import type { ServiceContext } from '../../resources/context'
import { merchantsOf, roleGrants, userInReach } from './queries'
import type { UserRightsAnswer } from './schemas'

const MERCHANTS_SHOWN = 200

/**
 * "Why can this user do this?": the menus and buttons a user in the caller's reach holds, the
 * role that grants each, and for which merchants. A user out of reach answers as a missing one.
 */
export async function userRights(ctx: ServiceContext, userId: number): Promise<UserRightsAnswer> {
  const reach = await reachOf(ctx.db, ctx.actor!)
  const user = await userInReach(ctx.db, reach, userId)
  if (!user) throw new BizError(CommonRules.notFound)
  const { screens, held } = await roleGrants(ctx.db, user.roleId)
  const kind =
    user.merchantId !== null ? 'merchant' : user.companyId !== null ? 'company' : 'platform'
  // The user's own reach (scope.ts): a company user with a merchant access list reaches the
  // listed merchants only; without one, every merchant of its subtree, listed unless the role
  // grants all of them.
  const userReach = await reachOf(ctx.db, {
    userId: user.id,
    companyId: user.companyId,
    merchantId: user.merchantId,
    allMerchants: user.allMerchants,
  } as Actor)
  const allMerchants =
    userReach.kind === 'platform' ||
    (userReach.kind === 'company' && !userReach.merchantIds && user.allMerchantAccess)
  const shown = allMerchants ? [] : await merchantsOf(ctx.db, userReach, MERCHANTS_SHOWN)
  return {
    user: { id: user.id, loginName: user.loginName },
    role: { id: user.roleId, name: user.roleName, allMerchantAccess: user.allMerchantAccess },
    reach: kind,
    allMerchants,
    merchants: shown,
    menus: screens.map((s) => ({
      name: s.name,
      grantedBy: user.roleName,
      buttons: held.filter((b) => b.menuId === s.id).map((b) => b.code),
    })),
  }
}
