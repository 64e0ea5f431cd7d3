import { ObjectHistory } from '../../components/audit/ObjectHistory'
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call, type DataOf } from '../../api/client'
import { profileQuery } from '../../api/profile'
import { DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { EditRecord, FormPage, FormShell, useZodForm } from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { FieldInputs } from '../../components/resource/FieldInputs'
import { useCompanyOptions } from '../../domain/companies'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import { roles } from '../../resources/roles'
import { buildTree, idsOf, keysOf, type NodeKey } from './permissionTree'
import { PermissionTree } from './PermissionTree'
import { roleFormClient, roleTreeQuery } from './resource'

type Detail = DataOf<'/role/detail'>
type Preview = DataOf<'/role/preview'>
type Profile = DataOf<'/profile/query'>

/** The owner picker's value for a platform-wide role (a select's value cannot be empty). */
const PLATFORM = 'platform'

const roleForm = formSchemaOf(roles.save, roles.fields).extend({
  companyId: z
    .string()
    .min(1)
    .transform((v) => (v === PLATFORM ? null : Number(v))),
  menuIds: z.array(z.number()),
  buttonIds: z.array(z.number()),
})

/** The confirmation was closed without saving: the form stays as it is, no message. */
class NotConfirmed extends Error {}

interface Pending {
  diff: Preview
  /** No button chosen: allowed (a view-only role), and said before saving (spec §6). */
  viewOnly: boolean
  save: () => Promise<void>
  cancel: () => void
}

/**
 * The owner's choices and starting value. A platform user (no company, no merchant) may make a
 * platform-wide role or one of any company; a company administrator one of its companies (fixed
 * when it has one). The owner of an existing role is fixed (the server keeps it).
 */
function useOwner(role: Detail | undefined, profile: Profile) {
  const { t } = useTranslation(['roles'])
  const companies = useCompanyOptions()
  const platformUser = !profile.company && !profile.merchant
  const platform = { value: PLATFORM, label: t('roles:platform') }
  const options = platformUser || role?.companyId === null ? [platform, ...companies] : companies
  const initial = role
    ? (role.companyId?.toString() ?? PLATFORM)
    : platformUser
      ? PLATFORM
      : (profile.company?.id.toString() ?? '')
  const fixed = !!role || (!platformUser && companies.length <= 1)
  return { options, initial, disabled: fixed, hint: role ? t('roles:ownerFixed') : undefined }
}

function RoleForm({ role, profile }: { role?: Detail; profile: Profile }) {
  const { t } = useTranslation(['roles', 'common'])
  const owner = useOwner(role, profile)
  const navigate = useNavigate()
  const qc = useQueryClient()
  const tree = useQuery(roleTreeQuery(role?.roleId))
  const perms = useScreenButtons('role-management', roles.buttons)
  const allowed = role ? perms.can('edit') && role.editable : perms.can('add')
  const titleKey = role ? 'roles:editTitle' : 'roles:addTitle'
  const closeAfterSave = useFormTab(titleKey, 'role-management')
  const [pending, setPending] = useState<Pending | null>(null)
  const back = () =>
    navigate({ to: '/main/role-management', search: lastListSearch('role-management') } as never)

  const form = useZodForm({
    schema: roleForm,
    initial: {
      ...initialOf(roles.save, roles.fields, role),
      companyId: owner.initial,
      menuIds: role?.menuIds ?? [],
      buttonIds: role?.buttonIds ?? [],
    } as z.input<typeof roleForm>,
    onRefused: (err) => err instanceof NotConfirmed,
    submit: async (data) => {
      const body = { ...data, roleId: role?.roleId } as Parameters<typeof call<'/role/save'>>[1]
      // The server says what changes and whom it affects; the save waits for the answer.
      const diff = await call('/role/preview', body)
      await new Promise<void>((resolve, reject) =>
        setPending({
          diff,
          viewOnly: (body?.buttonIds.length ?? 0) === 0,
          save: async () => {
            try {
              await call('/role/save', body)
              await qc.invalidateQueries({ queryKey: [roles.api] })
              resolve()
            } catch (e) {
              reject(e)
            } finally {
              setPending(null)
            }
          },
          cancel: () => {
            setPending(null)
            reject(new NotConfirmed())
          },
        }),
      )
      toast.success(t(role ? 'common:modified' : 'common:added'))
      await closeAfterSave(back)
    },
  })

  const built = useMemo(() => (tree.data ? buildTree(tree.data) : null), [tree.data])
  const menuIds = form.rhf.watch('menuIds') as number[]
  const buttonIds = form.rhf.watch('buttonIds') as number[]
  const granted = useMemo(() => keysOf({ menuIds, buttonIds }), [menuIds, buttonIds])
  const setGranted = (next: Set<NodeKey>) => {
    const ids = idsOf(next)
    const opts = { shouldDirty: true, shouldValidate: false }
    form.rhf.setValue('menuIds', ids.menuIds, opts)
    form.rhf.setValue('buttonIds', ids.buttonIds, opts)
    form.rhf.clearErrors(['menuIds', 'buttonIds'])
  }
  const errors = form.rhf.formState.errors
  const treeError = errors.menuIds?.message ?? errors.buttonIds?.message
  const treeId = form.fieldId('menuIds')

  return (
    <FormPage title={t(titleKey)}>
      <Flex direction="column" gap="4">
        {role && !role.editable ? (
          <Callout.Root color="amber" size="1" highContrast data-testid="role-read-only">
            <Callout.Text>{t('roles:readOnlyNotice')}</Callout.Text>
          </Callout.Root>
        ) : perms.ready && !allowed ? (
          <ViewOnlyNotice />
        ) : null}
        <FormShell
          form={form}
          label={t(titleKey)}
          readOnly={!allowed}
          guard
          submitLabel={t('roles:review')}
          extra={
            <Button type="button" variant="soft" color="gray" onClick={back}>
              {t('common:cancel')}
            </Button>
          }
        >
          <FieldInputs
            def={roles}
            form={form}
            readOnly={!allowed}
            extra={{
              allMerchants: { hint: t('roles:allMerchantsHint') },
              companyId: owner,
            }}
          />
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={treeId} size="2" weight="medium">
              {t('roles:permissions')}
            </Text>
            <Text id={`${treeId}-hint`} size="1" color="gray">
              {t('roles:permissionsHint')}
            </Text>
            {built ? (
              <PermissionTree
                id={treeId}
                tree={built}
                granted={granted}
                onChange={setGranted}
                label={t('roles:permissions')}
                describedBy={`${treeId}-hint${treeError ? ` ${form.errorId('menuIds')}` : ''}`}
                invalid={!!treeError}
                readOnly={!allowed}
              />
            ) : null}
            {treeError ? (
              <Text id={form.errorId('menuIds')} size="1" color="red" role="alert">
                {String(treeError)}
              </Text>
            ) : null}
          </Flex>
        </FormShell>
        {role ? <ObjectHistory type="role" id={role.roleId} /> : null}
      </Flex>
      {pending ? <ChangesDialog pending={pending} /> : null}
    </FormPage>
  )
}

/** Before a save: the menus and buttons added and removed, and how many administrators it affects. */
function ChangesDialog({ pending }: { pending: Pending }) {
  const { t } = useTranslation(['roles', 'common'])
  const { diff } = pending
  const [saving, setSaving] = useState(false)
  const lists = [
    ['menusAdded', diff.menusAdded],
    ['menusRemoved', diff.menusRemoved],
    ['buttonsAdded', diff.buttonsAdded],
    ['buttonsRemoved', diff.buttonsRemoved],
  ] as const
  const shown = lists.filter(([, items]) => items.length > 0)
  return (
    <DialogFrame
      open
      onClose={pending.cancel}
      title={t('roles:reviewTitle')}
      description={t('roles:affectedUsers', { count: diff.affectedUsers })}
      testId="role-changes"
      maxWidth="560px"
      actions={
        <Button
          type="button"
          loading={saving}
          onClick={() => {
            setSaving(true)
            void pending.save()
          }}
        >
          {t('roles:confirmSave')}
        </Button>
      }
    >
      <Flex direction="column" gap="3" mt="3">
        {pending.viewOnly ? (
          <Callout.Root color="amber" size="1" data-testid="role-view-only">
            <Callout.Text>
              {t('roles:noButtons')}: {t('roles:viewOnlyRole')}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {shown.length === 0 ? <Text size="2">{t('roles:noChange')}</Text> : null}
        {shown.map(([key, items]) => (
          <section key={key} aria-labelledby={`role-changes-${key}`}>
            <Heading as="h3" size="2" id={`role-changes-${key}`}>
              {t(`roles:${key}`)} ({items.length})
            </Heading>
            <ul data-testid={`role-${key}`}>
              {items.map((label) => (
                <li key={label}>
                  <Text size="2">{label}</Text>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Flex>
    </DialogFrame>
  )
}

/** role-management-save: create (no id) or edit (?id=) a role and its permission tree. */
export function RoleFormScreen() {
  const { id } = useSearch({ strict: false }) as { id?: number }
  // The owner picker starts from the caller's company: the form waits for the profile.
  const profile = useQuery(profileQuery()).data
  return (
    <EditRecord id={id} query={roleFormClient.detailQuery} titleKey="roles:editTitle">
      {(role) => (profile ? <RoleForm key={id ?? 'new'} role={role} profile={profile} /> : null)}
    </EditRecord>
  )
}
