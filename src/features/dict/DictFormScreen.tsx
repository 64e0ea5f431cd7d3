import { useTranslation } from 'react-i18next'
import { CheckboxInput, TextAreaInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import type { dictionaries } from '../../resources/dictionaries'
import type { RowOf } from '../../resources/kit'
import { dictForm } from './formSchemas'
import { dictResource } from './queries'

function DictForm({ record: dict }: { record?: RowOf<typeof dictionaries> }) {
  const { t } = useTranslation(['dict', 'common'])
  const screen = useResourceForm({
    client: dictResource,
    record: dict,
    schema: dictForm,
    initial: {
      code: dict?.code ?? '',
      name: dict?.name ?? '',
      type: dict?.type ?? '',
      remark: dict?.remark ?? '',
      active: dict?.active ?? true,
      loading: dict?.loading ?? false,
    },
    titles: { add: 'dict:addTitle', edit: 'dict:editTitle' },
  })
  const { form } = screen
  return (
    <ResourceFormPage screen={screen}>
      <TextInput form={form} name="code" label={t('dict:code')} required autoFocus />
      <TextInput form={form} name="name" label={t('dict:name')} required />
      <TextInput form={form} name="type" label={t('dict:type')} />
      <TextAreaInput form={form} name="remark" label={t('dict:remark')} />
      <CheckboxInput form={form} name="active" label={t('dict:active')} />
      <CheckboxInput form={form} name="loading" label={t('dict:loadingHint')} />
    </ResourceFormPage>
  )
}

/** dict-management-save: create (no id) or edit (?id=) a dictionary. */
export const DictFormScreen = resourceFormScreen(dictResource, 'dict:editTitle', DictForm)
