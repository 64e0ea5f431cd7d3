import { Button, Callout, Flex } from '@radix-ui/themes'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { DataOf } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import {
  CheckboxInput,
  EditRecord,
  FormPage,
  FormShell,
  TextAreaInput,
  TextInput,
  useZodForm,
} from '../../components/form'
import { lastListSearch } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { PARAM_VALUE_MAX, paramForm } from './formSchema'
import { paramDetailQuery, useSaveParam } from './queries'

type Param = DataOf<'/parameter/detail'>
const route = getRouteApi('/main/parameter-management-save')

/** parameter-management-save: create (no id) or edit (?id=) a system parameter. */
export function ParamFormScreen() {
  const { t } = useTranslation('param')
  const { id } = route.useSearch()
  return (
    <EditRecord id={id} query={paramDetailQuery} title={t('editTitle')}>
      {(param) => <ParamForm key={id ?? 'new'} param={param} />}
    </EditRecord>
  )
}

function ParamForm({ param }: { param?: Param }) {
  const { t } = useTranslation(['param', 'common'])
  const navigate = route.useNavigate()
  const save = useSaveParam()
  const perms = useScreenButtons('parameter-management', ['add', 'edit', 'delete'])
  // A built-in parameter is read-only for everyone; otherwise the user's buttons decide.
  const builtIn = !!param && !param.editable
  const allowed = !builtIn && (param ? perms.can('edit') : perms.can('add'))
  const back = () =>
    navigate({
      to: '/main/parameter-management',
      search: lastListSearch('parameter-management'),
    })

  const form = useZodForm({
    schema: paramForm,
    initial: {
      name: param?.name ?? '',
      value: param?.value ?? '',
      description: param?.description ?? '',
      active: param?.active ?? true,
    },
    submit: async (data) => {
      await save.mutateAsync({ ...data, id: param?.id })
      toast.success(t(param ? 'common:modified' : 'common:added'))
      await back()
    },
  })

  const title = t(param ? 'param:editTitle' : 'param:addTitle')
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {builtIn ? (
          <Callout.Root color="amber" size="1" highContrast data-testid="param-built-in">
            <Callout.Text>{t('param:builtInNotice')}</Callout.Text>
          </Callout.Root>
        ) : perms.ready && !allowed ? (
          <ViewOnlyNotice />
        ) : null}
        <FormShell
          form={form}
          label={title}
          readOnly={!allowed}
          extra={
            <Button type="button" variant="soft" color="gray" onClick={back}>
              {t('common:cancel')}
            </Button>
          }
        >
          <TextInput
            form={form}
            name="name"
            label={t('param:name')}
            required
            readOnly={builtIn}
            autoFocus
          />
          <TextInput
            form={form}
            name="value"
            label={t('param:value')}
            required
            maxLength={PARAM_VALUE_MAX}
            readOnly={builtIn}
          />
          <TextAreaInput
            form={form}
            name="description"
            label={t('param:description')}
            readOnly={builtIn}
          />
          <CheckboxInput form={form} name="active" label={t('param:active')} disabled={builtIn} />
        </FormShell>
      </Flex>
    </FormPage>
  )
}
