import enAccounts from './locales/en-US/accounts.json'
import enAudit from './locales/en-US/audit.json'
import enAuth from './locales/en-US/auth.json'
import enCards from './locales/en-US/cards.json'
import enCardOps from './locales/en-US/cardOps.json'
import enCodes from './locales/en-US/codes.json'
import enCommon from './locales/en-US/common.json'
import enDashboard from './locales/en-US/dashboard.json'
import enDict from './locales/en-US/dict.json'
import enErrors from './locales/en-US/errors.json'
import enForm from './locales/en-US/form.json'
import enLegal from './locales/en-US/legal.json'
import enList from './locales/en-US/list.json'
import enKit from './locales/en-US/kit.json'
import enMailTemplate from './locales/en-US/mailTemplate.json'
import enMenu from './locales/en-US/menu.json'
import enOutbox from './locales/en-US/outbox.json'
import enModules from './locales/en-US/modules.json'
import enParam from './locales/en-US/param.json'
import enRefusals from './locales/en-US/refusals.json'
import enReview from './locales/en-US/review.json'
import enRoles from './locales/en-US/roles.json'
import enSecurity from './locales/en-US/security.json'
import enSettings from './locales/en-US/settings.json'
import enShell from './locales/en-US/shell.json'
import enTransfers from './locales/en-US/transfers.json'
import enUsers from './locales/en-US/users.json'
import enValidation from './locales/en-US/validation.json'
import enWizard from './locales/en-US/wizard.json'
import zhAccounts from './locales/zh-CN/accounts.json'
import zhAudit from './locales/zh-CN/audit.json'
import zhAuth from './locales/zh-CN/auth.json'
import zhCards from './locales/zh-CN/cards.json'
import zhCardOps from './locales/zh-CN/cardOps.json'
import zhCodes from './locales/zh-CN/codes.json'
import zhCommon from './locales/zh-CN/common.json'
import zhDashboard from './locales/zh-CN/dashboard.json'
import zhDict from './locales/zh-CN/dict.json'
import zhErrors from './locales/zh-CN/errors.json'
import zhForm from './locales/zh-CN/form.json'
import zhLegal from './locales/zh-CN/legal.json'
import zhList from './locales/zh-CN/list.json'
import zhKit from './locales/zh-CN/kit.json'
import zhMailTemplate from './locales/zh-CN/mailTemplate.json'
import zhMenu from './locales/zh-CN/menu.json'
import zhOutbox from './locales/zh-CN/outbox.json'
import zhModules from './locales/zh-CN/modules.json'
import zhParam from './locales/zh-CN/param.json'
import zhRefusals from './locales/zh-CN/refusals.json'
import zhReview from './locales/zh-CN/review.json'
import zhRoles from './locales/zh-CN/roles.json'
import zhSecurity from './locales/zh-CN/security.json'
import zhSettings from './locales/zh-CN/settings.json'
import zhShell from './locales/zh-CN/shell.json'
import zhTransfers from './locales/zh-CN/transfers.json'
import zhUsers from './locales/zh-CN/users.json'
import zhValidation from './locales/zh-CN/validation.json'
import zhWizard from './locales/zh-CN/wizard.json'

/**
 * All text of the product, one JSON file per namespace and language. The console and the
 * server read the same files, so an error message is written once.
 */
export const resources = {
  'en-US': {
    accounts: enAccounts,
    audit: enAudit,
    auth: enAuth,
    cards: enCards,
    cardOps: enCardOps,
    codes: enCodes,
    common: enCommon,
    dashboard: enDashboard,
    dict: enDict,
    errors: enErrors,
    form: enForm,
    legal: enLegal,
    list: enList,
    kit: enKit,
    mailTemplate: enMailTemplate,
    menu: enMenu,
    outbox: enOutbox,
    modules: enModules,
    param: enParam,
    refusals: enRefusals,
    review: enReview,
    roles: enRoles,
    security: enSecurity,
    settings: enSettings,
    shell: enShell,
    transfers: enTransfers,
    users: enUsers,
    validation: enValidation,
    wizard: enWizard,
  },
  'zh-CN': {
    accounts: zhAccounts,
    audit: zhAudit,
    auth: zhAuth,
    cards: zhCards,
    cardOps: zhCardOps,
    codes: zhCodes,
    common: zhCommon,
    dashboard: zhDashboard,
    dict: zhDict,
    errors: zhErrors,
    form: zhForm,
    legal: zhLegal,
    list: zhList,
    kit: zhKit,
    mailTemplate: zhMailTemplate,
    menu: zhMenu,
    outbox: zhOutbox,
    modules: zhModules,
    param: zhParam,
    refusals: zhRefusals,
    review: zhReview,
    roles: zhRoles,
    security: zhSecurity,
    settings: zhSettings,
    shell: zhShell,
    transfers: zhTransfers,
    users: zhUsers,
    validation: zhValidation,
    wizard: zhWizard,
  },
} as const

export const NAMESPACES = Object.keys(resources['en-US']) as (keyof (typeof resources)['en-US'])[]
