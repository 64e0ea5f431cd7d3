import { Button, Flex } from '@radix-ui/themes'
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
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { dictForm } from './formSchemas'
import { dictDetailQuery, useSaveDict } from './queries'

type Dict = DataOf<'/dict/detail'>
const route = getRouteApi('/main/dict-management-save')

/** dict-management-save: create (no id) or edit (?id=) a dictionary. */
export function DictFormScreen() {
  const { id } = route.useSearch()
  const { t } = useTranslation('dict')
  return (
    <EditRecord id={id} query={dictDetailQuery} title={t('editTitle')}>
      {(dict) => <DictForm key={id ?? 'new'} dict={dict} />}
    </EditRecord>
  )
}

function DictForm({ dict }: { dict?: Dict }) {
  const { t } = useTranslation(['dict', 'common'])
  const navigate = route.useNavigate()
  const save = useSaveDict()
  const perms = useScreenButtons('dict-management', ['add', 'edit', 'delete'])
  const allowed = dict ? perms.can('edit') : perms.can('add')
  const closeAfterSave = useFormTab(dict ? 'dict:editTitle' : 'dict:addTitle', 'dict-management')
  const back = () =>
    navigate({ to: '/main/dict-management', search: lastListSearch('dict-management') })

  const form = useZodForm({
    schema: dictForm,
    initial: {
      code: dict?.code ?? '',
      name: dict?.name ?? '',
      type: dict?.type ?? '',
      remark: dict?.remark ?? '',
      active: dict?.active ?? true,
      loading: dict?.loading ?? false,
    },
    submit: async (data) => {
      await save.mutateAsync({ ...data, id: dict?.id })
      toast.success(t(dict ? 'common:modified' : 'common:added'))
      await closeAfterSave(back)
    },
  })

  const title = t(dict ? 'dict:editTitle' : 'dict:addTitle')
  return (
    <FormPage title={title}>
      <Flex direction="column" gap="4">
        {perms.ready && !allowed ? <ViewOnlyNotice /> : null}
        <FormShell
          form={form}
          label={title}
          readOnly={!allowed}
          guard
          extra={
            <Button type="button" variant="soft" color="gray" onClick={back}>
              {t('common:cancel')}
            </Button>
          }
        >
          <TextInput form={form} name="code" label={t('dict:code')} required autoFocus />
          <TextInput form={form} name="name" label={t('dict:name')} required />
          <TextInput form={form} name="type" label={t('dict:type')} />
          <TextAreaInput form={form} name="remark" label={t('dict:remark')} />
          <CheckboxInput form={form} name="active" label={t('dict:active')} />
          <CheckboxInput form={form} name="loading" label={t('dict:loadingHint')} />
        </FormShell>
      </Flex>
    </FormPage>
  )
}
