import { useTranslation } from 'react-i18next'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { dictionaries } from '../../resources/dictionaries'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { dictResource } from './queries'

const dictForm = formSchemaOf(dictionaries.save, dictionaries.fields)

function DictForm({ record }: { record?: RowOf<typeof dictionaries> }) {
  const { t } = useTranslation(['dict', 'common'])
  const screen = useResourceForm({
    client: dictResource,
    record,
    schema: dictForm,
    initial: initialOf(dictionaries.save, dictionaries.fields, record),
    titles: { add: 'dict:addTitle', edit: 'dict:editTitle' },
  })
  return (
    <ResourceFormPage screen={screen}>
      <FieldInputs
        def={dictionaries}
        form={screen.form}
        extra={{ loading: { hint: t('dict:loadingHint') } }}
      />
    </ResourceFormPage>
  )
}

/** dict-management-save: create (no id) or edit (?id=) a dictionary. */
export const DictFormScreen = resourceFormScreen(dictResource, 'dict:editTitle', DictForm)
