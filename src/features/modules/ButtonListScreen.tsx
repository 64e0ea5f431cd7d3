import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/dialog/DialogFrame'
import { toast } from '../../components/feedback/toast'
import { FormShell, useZodForm } from '../../components/form'
import { ListLayout } from '../../components/list'
import { FieldInputs } from '../../components/resource/FieldInputs'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { formSchemaOf, initialOf } from '../../resources/formFacts'
import type { RowOf } from '../../resources/kit'
import { buttons } from '../../resources/moduleAdmin'
import { nameIn } from './ModuleListScreen'
import { buttonResource } from './resource'

const route = getRouteApi('/main/button-management')
type ButtonRow = RowOf<typeof buttons>
const renameForm = formSchemaOf(buttons.save, buttons.fields)

/** The rename, in a dialog over the list: a button's names are all an operator changes. */
function RenameForm({ button, onDone }: { button: ButtonRow; onDone: () => void }) {
  const { t } = useTranslation(['modules', 'common'])
  const save = buttonResource.useSave()
  const form = useZodForm({
    schema: renameForm,
    initial: initialOf(buttons.save, buttons.fields, button) as never,
    submit: async (v) => {
      await save.mutateAsync({ ...(v as { nameEn: string; nameZh: string }), id: button.id })
      toast.success(t('modules:buttons.saved'))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t('modules:buttons.rename')}>
      <FieldInputs def={buttons} form={form} />
    </FormShell>
  )
}

/**
 * button-management: every screen's buttons, the forms each opens (menuRouterList, the
 * registry's) and their names, which an operator may change (Edit: the rename dialog).
 */
export function ButtonListScreen() {
  const { t, i18n } = useTranslation(['modules', 'common'])
  const [renaming, setRenaming] = useState<ButtonRow | null>(null)
  const lang = i18n.language
  const screen = useResourceList({
    client: buttonResource,
    search: route.useSearch(),
    rowLabel: useCallback((r: ButtonRow) => `${nameIn(r, lang)} (${r.code})`, [lang]),
    openForm: useCallback((row?: ButtonRow) => row && setRenaming(row), []),
  })
  // Buttons come from the registry: none is added or deleted here.
  const actions = useMemo(
    () => screen.layout.actions.filter((a) => a.id === 'edit' || a.id === 'export'),
    [screen.layout.actions],
  )
  const columns = useFieldColumns(buttons, { name: (r) => nameIn(r, lang) })
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} />
      {screen.exportDialog}
      <DialogFrame
        open={!!renaming}
        onClose={() => setRenaming(null)}
        title={t('modules:buttons.renameTitle', { code: renaming?.code ?? '' })}
      >
        {renaming ? (
          <RenameForm key={renaming.id} button={renaming} onDone={() => setRenaming(null)} />
        ) : null}
      </DialogFrame>
    </>
  )
}
