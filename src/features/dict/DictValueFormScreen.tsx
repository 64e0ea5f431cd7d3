import { Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { CheckboxInput, EditRecord, SelectInput, TextInput } from '../../components/form'
import { ResourceFormPage, useResourceForm } from '../../components/resource/ResourceForm'
import type { dictValues } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { dictValueForm, NO_PARENT } from './formSchemas'
import { dictDetailQuery, dictValueDetailQuery, dictValueResource } from './queries'

type DictValue = RowOf<typeof dictValues>
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
  const dict = useQuery(dictDetailQuery(dictId))
  // Parents: the other values of this dictionary (one page of the largest size).
  const siblings = useQuery(
    dictValueResource.listQuery({ dictId, pageSize: 200, sort: 'code', order: 'asc' }),
  )
  const screen = useResourceForm({
    client: dictValueResource,
    record: value,
    schema: dictValueForm,
    parent: { dictId },
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
    titles: { add: 'dict:addValueTitle', edit: 'dict:editValueTitle' },
  })
  const { form } = screen
  const parents = [
    { value: NO_PARENT, label: t('dict:noParent') },
    ...(siblings.data?.list ?? [])
      .filter((v) => v.id !== value?.id)
      .map((v) => ({ value: String(v.id), label: `${v.code} — ${v.name}` })),
  ]
  const context = dict.data ? (
    <Text color="gray" data-testid="value-dict">
      {t('dict:valuesOf', { code: dict.data.code, name: dict.data.name })}
    </Text>
  ) : null
  return (
    <ResourceFormPage screen={screen} context={context}>
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
    </ResourceFormPage>
  )
}
