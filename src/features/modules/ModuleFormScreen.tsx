import { Callout, Flex, Grid } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { ErrorNotice } from '../../components/feedback/ErrorNotice'
import { toast } from '../../components/feedback/toast'
import {
  CheckboxInput,
  FormPage,
  FormShell,
  SelectInput,
  TextInput,
  useZodForm,
} from '../../components/form'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { SCREENS } from '../../lib/screens'
import { moduleSave, type ModuleRow } from '../../resources/modules'
import { refreshAfterWrite, moduleListQuery } from './api'
import { labelIn, treeOrder } from './labels'

const NONE = 'none'
// Selects hold strings: the parent as an id or NONE, the position as '1' / '2'.
const form = moduleSave.omit({ parentId: true, position: true, id: true }).extend({
  parent: z.string(),
  position: z.enum(['1', '2']),
  seq: z.coerce.number<string | number>().int().min(0).max(9999),
})

function ModuleForm({ record, all }: { record?: ModuleRow; all: ModuleRow[] }) {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const qc = useQueryClient()
  const navigate = useNavigate()
  const allowed = useScreenButtons('module-management', ['add', 'edit']).can(
    record ? 'edit' : 'add',
  )
  const builtIn = !!record?.builtIn
  const title = record
    ? t('modules:modules.editTitle', { name: labelIn(record.language, i18n.language) })
    : t('modules:modules.addTitle')
  const f = useZodForm({
    schema: form,
    initial: {
      nameEn: record?.language.en_US ?? '',
      nameZh: record?.language.zh_CN ?? '',
      icon: record?.icon ?? 'list',
      url: record?.url ?? '',
      parent: record?.parentId ? String(record.parentId) : NONE,
      position: record?.position === 1 ? '1' : '2',
      seq: record?.seq ?? 1,
      category: record ? undefined : 'group',
      isHidden: record?.isHidden ?? false,
      disabled: record?.disabled ?? false,
      headerShow: record?.headerShow ?? true,
      breadcrumbShow: record?.breadcrumbShow ?? true,
    },
    submit: async ({ parent, position, ...v }) => {
      await call('/module/save', {
        ...v,
        id: record?.id,
        parentId: parent === NONE ? null : Number(parent),
        position: position === '1' ? 1 : 2,
      })
      await refreshAfterWrite(qc)
      toast.success(t('modules:modules.saved'))
      await navigate({ to: '/main/module-management' })
    },
  })
  const groups = treeOrder(all.filter((m) => m.category === 'group' && m.id !== record?.id))
  const parents = [
    { value: NONE, label: t('modules:modules.noParent') },
    ...groups.map(({ row }) => ({
      value: String(row.id),
      label: labelIn(row.language, i18n.language),
    })),
  ]
  // A new page entry names a screen; a group has no url.
  const urls = SCREENS.filter((s) => s.url).map((s) => ({ value: s.url, label: s.url }))
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {allowed ? null : <ViewOnlyNotice />}
        {builtIn ? (
          <Callout.Root color="amber" size="1" highContrast>
            <Callout.Text>{t('modules:modules.builtInNotice')}</Callout.Text>
          </Callout.Root>
        ) : null}
        <FormShell form={f} label={title} readOnly={!allowed} guard>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <TextInput form={f} name="nameEn" label={t('modules:modules.nameEn')} required />
            <TextInput form={f} name="nameZh" label={t('modules:modules.nameZh')} required />
          </Grid>
          {record ? (
            <TextInput form={f} name="url" label={t('modules:modules.url')} readOnly={builtIn} />
          ) : (
            <SelectInput
              form={f}
              name="url"
              label={t('modules:modules.url')}
              options={[{ value: '', label: t('modules:modules.categories.group') }, ...urls]}
            />
          )}
          <Grid columns={{ initial: '1', sm: '3' }} gap="3">
            <SelectInput
              form={f}
              name="parent"
              label={t('modules:modules.parent')}
              options={parents}
            />
            <SelectInput
              form={f}
              name="position"
              label={t('modules:modules.position')}
              options={['1', '2'].map((p) => ({
                value: p,
                label: t(`modules:modules.positions.${p as '1' | '2'}`),
              }))}
            />
            <TextInput form={f} name="seq" type="number" label={t('modules:modules.seq')} />
          </Grid>
          <TextInput form={f} name="icon" label={t('modules:modules.icon')} maxLength={50} />
          <Grid columns={{ initial: '1', sm: '2' }} gap="2">
            <CheckboxInput form={f} name="isHidden" label={t('modules:modules.hidden')} />
            <CheckboxInput form={f} name="disabled" label={t('modules:modules.disabled')} />
            <CheckboxInput form={f} name="headerShow" label={t('modules:modules.headerShow')} />
            <CheckboxInput
              form={f}
              name="breadcrumbShow"
              label={t('modules:modules.breadcrumbShow')}
            />
          </Grid>
        </FormShell>
      </Flex>
    </FormPage>
  )
}

/** module-management-save: add a module (no id) or edit one (?id=). */
export function ModuleFormScreen() {
  const { id } = useSearch({ strict: false }) as { id?: number }
  const list = useQuery(moduleListQuery())
  if (list.error) return <ErrorNotice error={list.error} />
  if (!list.data) return null
  const record = id ? list.data.find((m) => m.id === id) : undefined
  return <ModuleForm key={record?.id ?? 'new'} record={record} all={list.data} />
}
