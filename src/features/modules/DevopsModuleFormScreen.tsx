import { Flex, Grid } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { toast } from '../../components/feedback/toast'
import { CheckboxInput, FormPage, FormShell, TextInput, useZodForm } from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { devopsModuleSave, type DevopsModuleRow } from '../../resources/modules'
import { refreshAfterWrite, devopsModuleListQuery } from './api'
import { labelIn } from './labels'

const form = devopsModuleSave
  .omit({ id: true })
  .extend({ seq: z.coerce.number<string | number>().int().min(0).max(9999) })

function DevopsModuleForm({ record }: { record: DevopsModuleRow }) {
  const { t, i18n } = useTranslation(['modules'])
  const qc = useQueryClient()
  const navigate = useNavigate()
  const allowed = useScreenButtons('devops-module-list', ['edit']).can('edit')
  const title = t('modules:devops.editTitle', { name: labelIn(record.language, i18n.language) })
  const f = useZodForm({
    schema: form,
    initial: {
      nameEn: record.language.en_US,
      nameZh: record.language.zh_CN,
      seq: record.seq,
      disabled: record.disabled,
    },
    submit: async (v) => {
      await call('/devops/module/save', { ...v, id: record.id })
      await refreshAfterWrite(qc)
      toast.success(t('modules:devops.saved'))
      await navigate({ to: '/main/devops-module-list' })
    },
  })
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {allowed ? null : <ViewOnlyNotice />}
        <FormShell form={f} label={title} readOnly={!allowed} guard>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <TextInput form={f} name="nameEn" label={t('modules:modules.nameEn')} required />
            <TextInput form={f} name="nameZh" label={t('modules:modules.nameZh')} required />
          </Grid>
          <TextInput form={f} name="seq" type="number" label={t('modules:modules.seq')} />
          <CheckboxInput form={f} name="disabled" label={t('modules:modules.disabled')} />
        </FormShell>
      </Flex>
    </FormPage>
  )
}

/** devops-module-save: a devops module's names, order and disabled flag (?id=). */
export function DevopsModuleFormScreen() {
  const { t } = useTranslation(['refusals', 'menu'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  const list = useQuery(devopsModuleListQuery())
  const record = list.data?.find((m) => m.id === id)
  // Opened without a module that exists (a bare url): the screen says so under its own title.
  const problem =
    list.error ?? (list.data && !record ? new Error(t('refusals:module.notFound')) : null)
  if (problem) {
    return (
      <FormPage title={t('menu:devops-module-save')}>
        <ErrorNotice error={problem} />
      </FormPage>
    )
  }
  if (!record) return null
  return <DevopsModuleForm key={record.id} record={record} />
}
