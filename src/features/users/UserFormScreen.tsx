import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { profileQuery, timezoneListQuery } from '../../api/profile'
import { referenceQueries } from '../../api/reference'
import { toast } from '../../components/feedback/toast'
import { CheckboxInput, TextAreaInput, useZodForm, type FormApi } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { FieldInputs } from '../../components/resource/FieldInputs'
import { CheckList, type OrgAccess } from '../../components/resource/OrgAccessForm'
import { ResourceFormPage, resourceFormScreen } from '../../components/resource/ResourceForm'
import { merchantsQuery } from '../../domain/merchants'
import { queryKeys } from '../../domain/queryKeys'
import { menuKey } from '../../i18n/keys'
import { ALLOWED_IPS_MAX, cidr, users } from '../../resources/users'
import { roleOptionsQuery, userResource, type UserRecord } from './resource'

const save = users.save.shape
const lines = (v: string) => v.split(/\s+/).filter(Boolean)
const idOrNull = z.string().transform((v) => (v ? Number(v) : null))

/** The form as typed: pickers hold text, the IP ranges one per line, merchant access apart. */
const userForm = z.object({
  loginName: save.loginName,
  email: save.email,
  areaCode: save.areaCode,
  mobile: save.mobile,
  roleId: z.string().min(1).transform(Number),
  companyId: idOrNull,
  merchantId: idOrNull,
  sensitiveFields: z.boolean(),
  timezone: save.timezone,
  landingPage: save.landingPage,
  macAddress: save.macAddress,
  allowedIps: z
    .string()
    .refine((v) => lines(v).every((l) => cidr.safeParse(l).success), {
      message: 'validation:cidr',
    })
    .refine((v) => lines(v).length <= ALLOWED_IPS_MAX, { message: 'validation:format' })
    .transform(lines),
  allMerchants: z.boolean(),
  merchantIds: z.array(z.number()),
})

const text = (v: string | null | undefined) => v ?? ''

function initialOf(r?: UserRecord): z.input<typeof userForm> {
  return {
    loginName: text(r?.loginName),
    email: text(r?.email),
    areaCode: text(r?.areaCode),
    mobile: text(r?.mobile),
    roleId: r ? String(r.roleId) : '',
    companyId: r?.companyId ? String(r.companyId) : '',
    merchantId: r?.merchantId ? String(r.merchantId) : '',
    sensitiveFields: r?.sensitiveFields ?? false,
    timezone: r?.timezone ?? 'UTC',
    landingPage: text(r?.landingPage),
    macAddress: text(r?.macAddress),
    allowedIps: (r?.allowedIps ?? []).join('\n'),
    allMerchants: r ? r.merchantIds === null : true,
    merchantIds: r?.merchantIds ?? [],
  }
}

type CompanyNode = { id: number; name: string; childs: unknown[] }
const flatten = (nodes: CompanyNode[], depth = 0): { value: string; label: string }[] =>
  nodes.flatMap((n) => [
    { value: String(n.id), label: `${'\u00a0\u00a0'.repeat(depth)}${n.name}` },
    ...flatten(n.childs as CompanyNode[], depth + 1),
  ])

/** The choices of the form's pickers, from the reference lists and the caller's reach. */
function useChoices(roleId: string) {
  const { t, i18n } = useTranslation()
  const roles = useQuery(roleOptionsQuery()).data ?? []
  const zones = useQuery(timezoneListQuery()).data ?? []
  const areas = useQuery(referenceQueries.phoneAreas(i18n.language)).data ?? []
  const merchants = useQuery(merchantsQuery()).data ?? []
  const companies = useQuery({
    queryKey: queryKeys.companyTree(),
    queryFn: async () => call('/org/companyTree'),
  }).data
  const pages = roles.find((r) => String(r.id) === roleId)?.pages ?? []
  return {
    roles: roles.map((r) => ({ value: String(r.id), label: r.name })),
    zones: zones.map((z) => ({ value: z.zone, label: `${z.zone} (${z.offset})` })),
    areas: areas
      .map((a) => ({ value: a.areaCode, label: `+${a.areaCode} ${a.name}` }))
      .filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i),
    pages: pages.map((p) => {
      const key = menuKey(p)
      return { value: p, label: key ? t(key) : p }
    }),
    companies: flatten((companies ?? []) as CompanyNode[]),
    merchants: merchants.map((m) => ({ value: String(m.merchantId), label: m.name })),
    merchantChoices: merchants.map((m) => ({ id: m.merchantId, label: m.name })),
  }
}

function UserForm({ record }: { record?: UserRecord }) {
  const { t } = useTranslation(['users', 'common'])
  const navigate = useNavigate()
  const qc = useQueryClient()
  const perms = useScreenButtons('user-management', users.buttons)
  const allowed = record ? perms.can('edit') : perms.can('add')
  const titleKey = record ? 'users:user.editTitle' : 'users:user.addTitle'
  const closeAfterSave = useFormTab(titleKey, 'user-management')
  const back = () =>
    navigate({ to: '/main/user-management', search: lastListSearch('user-management') } as never)
  const form = useZodForm({
    schema: userForm,
    initial: initialOf(record),
    submit: async ({ allMerchants, merchantIds, ...data }) => {
      await call('/user/save', {
        ...data,
        userId: record?.id,
        merchantIds: allMerchants ? null : merchantIds,
      })
      await qc.invalidateQueries({ queryKey: ['/user'] })
      toast.success(t(record ? 'common:modified' : 'common:added'))
      await closeAfterSave(back)
    },
  })
  const roleId = form.rhf.watch('roleId')
  const allMerchants = form.rhf.watch('allMerchants')
  const merchantUser = !!form.rhf.watch('merchantId')
  // A caller limited to some merchants gives no more (issue 25): "all merchants" is not theirs
  // to give, so a new administrator starts with a list.
  const holdsAll = useQuery(profileQuery()).data?.allMerchants ?? true
  useEffect(() => {
    if (!holdsAll && !record) form.rhf.setValue('allMerchants', false)
  }, [holdsAll, record, form.rhf])
  const c = useChoices(roleId)
  const fixed = record ? t('user.companyFixed') : undefined
  const optional = { required: false }
  return (
    <ResourceFormPage
      screen={{ form, perms, allowed, back, title: t(titleKey) }}
      after={record ? <ObjectHistory type="user" id={record.id} /> : null}
    >
      <FieldInputs
        def={users}
        form={form}
        readOnly={!allowed}
        extra={{
          email: optional,
          areaCode: { ...optional, options: c.areas },
          mobile: optional,
          roleId: { options: c.roles, emptyReason: t('user.noRoles') },
          companyId: { ...optional, options: c.companies, disabled: !!record, hint: fixed },
          merchantId: { ...optional, options: c.merchants, disabled: !!record, hint: fixed },
          timezone: { options: c.zones },
          landingPage: {
            ...optional,
            options: c.pages,
            hint: t('user.landingHint'),
            emptyReason: t('user.chooseRoleFirst'),
            dependsOn: 'roleId',
          },
          sensitiveFields: { hint: t('user.sensitiveHint') },
          macAddress: { ...optional, hint: t('user.macHint') },
        }}
      />
      <TextAreaInput
        form={form}
        name="allowedIps"
        label={t('user.fields.allowedIps')}
        hint={t('user.allowedIpsHint')}
        readOnly={!allowed}
      />
      {merchantUser ? null : (
        <Flex direction="column" gap="2">
          <Text size="2" weight="bold">
            {t('user.fields.merchantAccess')}
          </Text>
          <CheckboxInput
            form={form}
            name="allMerchants"
            label={t('user.allMerchants')}
            hint={holdsAll ? t('user.allMerchantsHint') : t('user.allMerchantsNotHeld')}
            disabled={!allowed || (!holdsAll && !allMerchants)}
          />
          {allMerchants ? null : (
            <CheckList
              form={form as unknown as FormApi<OrgAccess>}
              name="merchantIds"
              legend={t('user.chooseMerchants')}
              empty={t('user.noMerchants')}
              choices={c.merchantChoices}
              disabled={!allowed}
            />
          )}
        </Flex>
      )}
    </ResourceFormPage>
  )
}

/** user-management-save: create (no id) or edit (?id=) an administrator. */
export const UserFormScreen = resourceFormScreen(userResource, 'users:user.editTitle', UserForm)
