import { Callout } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FieldInputs } from '../../components/resource/FieldInputs'
import {
  ResourceFormPage,
  resourceFormScreen,
  useResourceForm,
} from '../../components/resource/ResourceForm'
import { SCREENS } from '../../lib/screens'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { MODULE_CATEGORIES, modules } from '../../resources/moduleAdmin'
import { nameIn } from './ModuleListScreen'
import { moduleResource } from './resource'

type Module = RowOf<typeof modules>

/** The parent picker's value for the top level (a select's value cannot be empty). */
const TOP = 'top'
const CATEGORIES: readonly string[] = MODULE_CATEGORIES

const moduleForm = formSchemaOf(modules.save, modules.fields).extend({
  parentId: z.string().transform((v) => (v === TOP || v === '' ? null : Number(v))),
  // A built-in module's own category (a form, a devops module) is not sent: it cannot change.
  category: z.string().transform((v) => (CATEGORIES.includes(v) ? v : undefined)) as never,
})

/** Every group, for the parent picker (a module is not its own parent). */
const groupsQuery = () => moduleResource.listQuery({ group: true, pageSize: 200 })

function ModuleForm({ record }: { record?: Module }) {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const builtIn = !!record?.builtIn
  const screen = useResourceForm({
    client: moduleResource,
    record,
    schema: moduleForm,
    initial: {
      ...initialOf(modules.save, modules.fields, record),
      parentId: record?.parentId ? String(record.parentId) : TOP,
      category: record?.category ?? 'group',
      // A new entry: in the side menu, after the built-in ones of its level.
      position: String(record?.position ?? 2),
      seq: String(record?.seq ?? 1),
    } as z.input<typeof moduleForm>,
    titles: { add: 'modules:modules.addTitle', edit: 'modules:modules.editTitle' },
  })
  const groups = useQuery(groupsQuery()).data?.list ?? []
  const category = screen.form.rhf.watch('category') as string
  const url = record?.url
  const screens = SCREENS.filter((s) => s.url).map((s) => ({ value: s.url, label: s.url }))
  const notice = builtIn ? (
    <Callout.Root color="amber" size="1" highContrast>
      <Callout.Text>{t('modules:modules.builtInNotice')}</Callout.Text>
    </Callout.Root>
  ) : undefined
  return (
    <ResourceFormPage screen={screen} notice={notice}>
      <FieldInputs
        def={modules}
        form={screen.form}
        extra={{
          url: {
            options:
              url && !screens.some((s) => s.value === url)
                ? [{ value: url, label: url }, ...screens]
                : screens,
            disabled: builtIn || category === 'group',
            required: category !== 'group',
            hint: t('modules:modules.urlHint'),
            dependsOn: 'category',
          },
          category: {
            options: (record && !CATEGORIES.includes(record.category)
              ? [...CATEGORIES, record.category]
              : CATEGORIES
            ).map((c) => ({ value: c, label: t(`modules:modules.categories.${c}` as never) })),
            disabled: !!record,
          },
          parentId: {
            options: [
              { value: TOP, label: t('modules:modules.noParent') },
              ...groups
                .filter((g) => g.id !== record?.id)
                .map((g) => ({ value: String(g.id), label: nameIn(g, i18n.language) })),
            ],
          },
          position: {
            options: (['1', '2'] as const).map((p) => ({
              value: p,
              label: t(`modules:modules.positions.${p}`),
            })),
          },
        }}
      />
    </ResourceFormPage>
  )
}

/** module-management-save: add a module (no id) or edit one (?id=). */
export const ModuleFormScreen = resourceFormScreen(
  moduleResource,
  'modules:modules.editTitle',
  ModuleForm,
)
