import { Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { EditRecord } from '../../components/form'
import { FieldInputs } from '../../components/resource/FieldInputs'
import { ResourceFormPage, useResourceForm } from '../../components/resource/ResourceForm'
import { dictValues } from '../../resources/dictionaries'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { dictDetailQuery, dictValueDetailQuery, dictValueResource } from './queries'

type DictValue = RowOf<typeof dictValues>
const route = getRouteApi('/main/dict-dt-management-save')

/** A select cannot hold an empty choice: "no parent" is this value, sent as null. */
const NO_PARENT = 'none'

const valueForm = formSchemaOf(dictValues.save, dictValues.fields).extend({
  parentId: z.string().transform((v) => (v === NO_PARENT ? null : Number(v))),
})

/** dict-dt-management-save: create (?dictId=) or edit (?dictId=&id=) a dictionary value. */
export function DictValueFormScreen() {
  const { t } = useTranslation('dict')
  const { dictId, id } = route.useSearch()
  return (
    <EditRecord
      id={id}
      query={dictValueDetailQuery}
      titleKey={id ? 'dict:editValueTitle' : 'dict:addValueTitle'}
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
    schema: valueForm,
    parent: { dictId },
    initial: {
      ...initialOf(dictValues.save, dictValues.fields, value),
      parentId: value?.parentId ? String(value.parentId) : NO_PARENT,
    },
    titles: { add: 'dict:addValueTitle', edit: 'dict:editValueTitle' },
  })
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
      <FieldInputs
        def={dictValues}
        form={screen.form}
        extra={{
          seq: { hint: t('dict:seqHint') },
          parentId: { options: parents },
          isDefault: { hint: t('dict:isDefaultHint') },
        }}
      />
    </ResourceFormPage>
  )
}
