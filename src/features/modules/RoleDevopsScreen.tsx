import { Flex, Select, Text } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { toast } from '../../components/feedback/toast'
import { CheckboxInput, FormPage, FormShell, useZodForm } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import type { RoleDevopsData } from '../../resources/modules'
import { refreshAfterWrite, roleDevopsQuery } from './api'
import { labelIn } from './labels'

// Keys are `m<id>`: a number alone would be read as an array index in a field path.
const grantForm = z.object({ modules: z.record(z.string(), z.boolean()) })

function GrantForm({ data, roleId }: { data: RoleDevopsData; roleId: number }) {
  const { t, i18n } = useTranslation(['modules'])
  const qc = useQueryClient()
  const allowed = useScreenButtons('devops-module-management', ['grant']).can('grant')
  const role = data.roles.find((r) => r.id === roleId)?.name ?? ''
  const form = useZodForm({
    schema: grantForm,
    initial: { modules: Object.fromEntries(data.modules.map((m) => [`m${m.id}`, m.held])) },
    submit: async ({ modules: ticked }) => {
      const menuIds = data.modules.filter((m) => ticked[`m${m.id}`]).map((m) => m.id)
      const saved = await call('/devops/module/role/save', { roleId, menuIds })
      form.reset({
        modules: Object.fromEntries(saved.modules.map((m) => [`m${m.id}`, m.held])),
      })
      await refreshAfterWrite(qc)
      toast.success(t('modules:devops.granted', { role }))
    },
  })
  return (
    <Flex direction="column" gap="3">
      {allowed ? null : <ViewOnlyNotice />}
      <FormShell form={form} label={t('modules:devops.roleTitle')} readOnly={!allowed} guard>
        {data.modules.map((m) => (
          <CheckboxInput
            key={m.id}
            form={form}
            name={`modules.m${m.id}`}
            label={labelIn(m.language, i18n.language)}
            disabled={!allowed}
          />
        ))}
      </FormShell>
    </Flex>
  )
}

/**
 * role-devops-module-saveinfo: for one role (?roleId=), which devops modules it holds — the
 * DevOps dashboard's sections and the operations pages (docs/devops.md, "Devops modules").
 */
export function RoleDevopsScreen() {
  const { t } = useTranslation(['modules'])
  const { roleId } = useSearch({ strict: false }) as { roleId?: number }
  const navigate = useNavigate()
  const data = useQuery(roleDevopsQuery(roleId))
  const selectId = useId()
  return (
    <FormPage title={t('modules:devops.roleTitle')}>
      <Flex direction="column" gap="4">
        {data.error ? <ErrorNotice error={data.error} /> : null}
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={selectId} size="2" weight="medium">
            {t('modules:devops.role')}
          </Text>
          <Select.Root
            value={roleId ? String(roleId) : undefined}
            onValueChange={(v) =>
              void navigate({
                to: '/main/role-devops-module-saveinfo',
                search: { roleId: Number(v) },
              })
            }
          >
            <Select.Trigger id={selectId} placeholder={t('modules:devops.chooseRole')} />
            <Select.Content>
              {(data.data?.roles ?? []).map((r) => (
                <Select.Item key={r.id} value={String(r.id)}>
                  {r.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        {data.data && roleId ? <GrantForm key={roleId} data={data.data} roleId={roleId} /> : null}
      </Flex>
    </FormPage>
  )
}
