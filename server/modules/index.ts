import type { AdminApp } from '../http/context'
import { registerAuth } from './auth/routes'
import { registerHealth } from './health/routes'
import { registerMenu } from './menu/routes'
import { registerCommon } from './common/routes'
import { registerPublic } from './public/routes'
import { registerOrg } from './org/routes'
import { registerDictAdmin } from './dict-admin/routes'
import { registerParam } from './param/routes'
import { registerRoles } from './roles/routes'
import { registerColumns } from './columns/routes'
import { registerProfile } from './profile/routes'
import { registerRegistration } from './registration/routes'
import { registerDrafts } from './drafts/routes'
import { registerLedger } from './ledger/routes'
import { registerAccounts } from './accounts/routes'
import { registerTransfers } from './transfers/routes'
import { registerChannelAccounts } from './channel-accounts/routes'
import { registerCardBins } from './card-bins/routes'
import { registerCardholders } from './cardholders/routes'
import { registerChannels } from './channels/routes'
import { registerCardTransactions } from './card-transactions/routes'
import { registerCardGroupRules } from './card-groups/ruleRoutes'
import { registerCardGroups } from './card-groups/routes'
import { registerChannelParameters } from './channels/parameters'
import { registerCards } from './cards/routes'
import { registerCardOps } from './card-ops/routes'
import { registerDashboard } from './dashboard/routes'
import { registerDevops } from './devops/routes'
import { registerUsers } from './users/routes'
import { registerEmailTemplates } from './email-templates/routes'
import { registerEmailAccounts } from './email-accounts/routes'
import { registerSendRecords } from './send-records/routes'
import { registerModules as registerModuleScreens } from './modules/routes'
import { registerSystemInformation } from './system/routes'
import { registerAudit } from './audit/routes'

/** Every module's routes, in one place: the contract is whatever is registered here. */
export function registerModules(app: AdminApp) {
  registerHealth(app)
  registerMenu(app)
  registerCommon(app)
  registerPublic(app)
  registerOrg(app)
  registerDictAdmin(app)
  registerParam(app)
  registerRoles(app)
  registerProfile(app)
  registerColumns(app)
  registerRegistration(app)
  registerDrafts(app)
  registerLedger(app)
  registerAccounts(app)
  registerTransfers(app)
  registerChannelAccounts(app)
  registerCardBins(app)
  registerCardholders(app)
  registerChannels(app)
  registerCardTransactions(app)
  registerCardGroupRules(app)
  registerCardGroups(app)
  registerChannelParameters(app)
  registerCards(app)
  registerCardOps(app)
  registerDashboard(app)
  registerDevops(app)
  registerUsers(app)
  registerEmailTemplates(app)
  registerEmailAccounts(app)
  registerSendRecords(app)
  registerModuleScreens(app)
  registerSystemInformation(app)
  registerAudit(app)
  registerAuth(app)
}
