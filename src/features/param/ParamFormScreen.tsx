import { Callout } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { parameters } from '../../resources/parameters'
import { paramResource } from './resource'

const paramForm = formSchemaOf(parameters.save, parameters.fields)

function ParamForm({ record: param }: { record?: RowOf<typeof parameters> }) {
  const { t } = useTranslation(['param', 'common'])
  // A built-in parameter is read-only for everyone; otherwise the user's buttons decide.
  const builtIn = !!param && !param.editable
  const screen = useResourceForm({
    client: paramResource,
    record: param,
    schema: paramForm,
    initial: initialOf(parameters.save, parameters.fields, param),
    titles: { add: 'param:addTitle', edit: 'param:editTitle' },
    locked: builtIn,
  })
  const notice = builtIn ? (
    <Callout.Root color="amber" size="1" highContrast data-testid="param-built-in">
      <Callout.Text>{t('param:builtInNotice')}</Callout.Text>
    </Callout.Root>
  ) : undefined
  return (
    <ResourceFormPage screen={screen} notice={notice}>
      <FieldInputs def={parameters} form={screen.form} readOnly={builtIn} />
    </ResourceFormPage>
  )
}

/** parameter-management-save: create (no id) or edit (?id=) a system parameter. */
export const ParamFormScreen = resourceFormScreen(paramResource, 'param:editTitle', ParamForm)
