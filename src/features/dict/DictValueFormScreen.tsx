import { Button, Flex } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { DataOf } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import {
  CheckboxInput,
  EditRecord,
  FormPage,
  FormShell,
  SelectInput,
  TextInput,
  useZodForm,
} from '../../components/form'
import { lastListSearch, useFormTab } from '../../components/list'
import { useScreenButtons } from '../../components/permissions/useButtons'
import { ViewOnlyNotice } from '../../components/permissions/ViewOnlyNotice'
import { dictValueForm, NO_PARENT } from './formSchemas'
import {
  dictDetailQuery,
  dictValueDetailQuery,
  dictValueListQuery,
  useSaveDictValue,
} from './queries'

type DictValue = DataOf<'/dict/value/detail'>
const route = getRouteApi('/main/dict-dt-management-save')

/** dict-dt-management-save: create (?dictId=) or edit (?dictId=&id=) a dictionary value. */
export function DictValueFormScreen() {
  const { t } = useTranslation('dict')
  const { dictId, id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={dictValueDetailQuery}
      title={t(id ? 'editValueTitle' : 'addValueTitle')}
      error={!dictId && !id ? new Error(t('chooseDict')) : null}
    >
      {(value) => (
        <DictValueForm key={id ?? 'new'} dictId={value?.dictId ?? dictId!} value={value} />
      )}
    </EditRecord>
  )
}

function DictValueForm({ dictId, value }: { dictId: number; value?: DictValue }) {
  const { t } = useTranslation(['dict', 'common'])
  const navigate = route.useNavigate()
  const save = useSaveDictValue()
  const dict = useQuery(dictDetailQuery(dictId))
  // Parents: the other values of this dictionary (one page of the largest size).
  const siblings = useQuery(
    dictValueListQuery({ dictId, pageSize: 200, sort: 'code', order: 'asc' }),
  )
  const perms = useScreenButtons('dict-dt-management', ['add', 'edit', 'delete'])
  const allowed = value ? perms.can('edit') : perms.can('add')
  const closeAfterSave = useFormTab(
    value ? 'dict:editValueTitle' : 'dict:addValueTitle',
    'dict-dt-management',
  )
  const back = () => {
    const last = lastListSearch('dict-dt-management')
    return navigate({
      to: '/main/dict-dt-management',
      search: last.dictId === dictId ? last : { dictId },
    })
  }

  const form = useZodForm({
    schema: dictValueForm,
    initial: {
      code: value?.code ?? '',
      name: value?.name ?? '',
      seq: String(value?.seq ?? 0),
      descriptor: value?.descriptor ?? '',
      parentId: value?.parentId ? String(value.parentId) : NO_PARENT,
      otherText: value?.otherText ?? '',
      active: value?.active ?? true,
      isDefault: value?.isDefault ?? false,
    },
    submit: async (data) => {
      await save.mutateAsync({ ...data, dictId, id: value?.id })
      toast.success(t(value ? 'common:modified' : 'common:added'))
      await closeAfterSave(back)
    },
  })

  const parents = [
    { value: NO_PARENT, label: t('dict:noParent') },
    ...(siblings.data?.list ?? [])
      .filter((v) => v.id !== value?.id)
      .map((v) => ({ value: String(v.id), label: `${v.code} — ${v.name}` })),
  ]
  const title = t(value ? 'dict:editValueTitle' : 'dict:addValueTitle')
  return (
    <FormPage title={dict.data ? `${title} · ${dict.data.code}` : title}>
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
          <TextInput
            form={form}
            name="seq"
            label={t('dict:seq')}
            required
            maxLength={6}
            hint={t('dict:seqHint')}
          />
          <TextInput form={form} name="descriptor" label={t('dict:descriptor')} />
          <SelectInput form={form} name="parentId" label={t('dict:parent')} options={parents} />
          <TextInput form={form} name="otherText" label={t('dict:otherText')} />
          <CheckboxInput form={form} name="active" label={t('dict:active')} />
          <CheckboxInput form={form} name="isDefault" label={t('dict:isDefaultHint')} />
        </FormShell>
      </Flex>
    </FormPage>
  )
}
