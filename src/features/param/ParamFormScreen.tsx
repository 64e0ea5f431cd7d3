import { Callout } from '@radix-ui/themes'
import { useTranslation } from 'react-i18next'
import { CheckboxInput, TextAreaInput, TextInput } from '../../components/form'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import type { RowOf } from '../../resources/kit'
import { parameters } from '../../resources/parameters'
import { paramResource } from './resource'

const paramForm = parameters.save.omit({ id: true })

function ParamForm({ record: param }: { record?: RowOf<typeof parameters> }) {
  const { t } = useTranslation(['param', 'common'])
  // A built-in parameter is read-only for everyone; otherwise the user's buttons decide.
  const builtIn = !!param && !param.editable
  const screen = useResourceForm({
    client: paramResource,
    record: param,
    schema: paramForm,
    initial: {
      name: param?.name ?? '',
      value: param?.value ?? '',
      description: param?.description ?? '',
      active: param?.active ?? true,
    },
    titles: { add: 'param:addTitle', edit: 'param:editTitle' },
    locked: builtIn,
  })
  const { form } = screen
  const notice = builtIn ? (
    <Callout.Root color="amber" size="1" highContrast data-testid="param-built-in">
      <Callout.Text>{t('param:builtInNotice')}</Callout.Text>
    </Callout.Root>
  ) : undefined
  return (
    <ResourceFormPage screen={screen} notice={notice}>
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
        maxLength={500}
        readOnly={builtIn}
      />
      <TextAreaInput
        form={form}
        name="description"
        label={t('param:description')}
        readOnly={builtIn}
      />
      <CheckboxInput form={form} name="active" label={t('param:active')} disabled={builtIn} />
    </ResourceFormPage>
  )
}

/** parameter-management-save: create (no id) or edit (?id=) a system parameter. */
export const ParamFormScreen = resourceFormScreen(paramResource, 'param:editTitle', ParamForm)
