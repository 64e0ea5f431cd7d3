import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { useDomainOptions } from '../../domain/pickers'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { fieldsIn, labelKey } from '../../resources/fields'
import { factsOf } from '../../resources/formFacts'
import type { AnyResource } from '../../resources/kit'
import {
  CheckboxInput,
  SelectInput,
  TextAreaInput,
  TextInput,
  type FormApi,
  type Option,
} from '../form'

/** What a screen adds to a field's input: a picker's choices, a hint, a rule of its own. */
interface InputExtra {
  options?: Option[]
  hint?: string
  /** Overrides the schema's required mark (a state is required only where a country has some). */
  required?: boolean
  /** A select or checkbox disabled, a text read only (a key fixed once the record exists). */
  disabled?: boolean
  emptyReason?: string
  /** Another field this one's choices depend on: when that one changes, this one is cleared. */
  dependsOn?: string
  /** Left out of this form (a platform rule names no merchant): not drawn, never picked. */
  hidden?: boolean
}

interface Props<V extends FieldValues> {
  def: AnyResource
  form: FormApi<V, any>
  /** Per field: choices and rules the definition cannot know. */
  extra?: Partial<Record<string, InputExtra>>
  /** Every input read-only (a built-in record). */
  readOnly?: boolean
}

/** The options of the dictionaries the form's enum fields name, in the user's language. */
function useDictOptions(dicts: string[]) {
  const { i18n } = useTranslation()
  return useQuery({
    queryKey: ['dict', 'options', i18n.language, ...dicts],
    queryFn: () => call('/dict/query', { codes: dicts }),
    staleTime: 300_000,
    enabled: dicts.length > 0,
  }).data
}

/**
 * What pickers do by themselves: a picker of ids with one choice takes it on a new record (a
 * merchant user's one merchant); a picker whose choices depend on another field is cleared
 * when that field changes (another country's states do not apply).
 */
function useDependentPickers<V extends FieldValues>(
  form: FormApi<V, any>,
  names: string[],
  def: AnyResource,
  extra: Partial<Record<string, InputExtra>>,
  optionsOf: (name: string) => { value: string; label: string }[],
) {
  const rhf = form.rhf as unknown as UseFormReturn<FieldValues>
  const watched = rhf.watch()
  const last = useRef(watched)
  useEffect(() => {
    for (const name of names) {
      const more = extra[name]
      const options = optionsOf(name)
      const ids =
        def.fields[name].widget === 'picker' && factsOf(def.save.shape[name] as never).numeric
      if (ids && options.length === 1 && !watched[name] && !more?.disabled)
        rhf.setValue(name, options[0].value)
      const on = more?.dependsOn
      if (on && last.current[on] !== watched[on]) rhf.setValue(name, '', { shouldDirty: true })
    }
    last.current = { ...watched }
  })
}

/**
 * A resource's form inputs from its fields present in `form`, in their order: the input by
 * the widget, the label by the convention, the required mark and `maxLength` from the save
 * schema. The first text input takes the focus.
 */
export function FieldInputs<V extends FieldValues>({ def, form, extra = {}, readOnly }: Props<V>) {
  const { t } = useTranslation()
  const names = fieldsIn(def.fields, 'form').filter((n) => !extra[n]?.hidden)
  const dicts = useDictOptions(
    names.flatMap((n) => {
      const f = def.fields[n]
      return f.widget === 'enum' ? [f.dict] : []
    }),
  )
  const domain = useDomainOptions(
    names.flatMap((n) => {
      const f = def.fields[n]
      return f.widget === 'picker' && f.of ? [f.of] : []
    }),
  )
  // A screen's own choices win; a picker naming a domain list gets that list.
  const optionsOf = (name: string) => {
    const f = def.fields[name]
    return extra[name]?.options ?? (f.widget === 'picker' && f.of ? domain[f.of] : [])
  }
  useDependentPickers(form, names, def, extra, optionsOf)
  const firstText = names.find((n) => ['text', 'textarea', 'number'].includes(def.fields[n].widget))
  return names.map((name) => {
    const f = def.fields[name]
    const facts = factsOf(def.save.shape[name] as never)
    const more = extra[name] ?? {}
    const common = {
      form,
      name: name as never,
      label: t(labelKey(def.messages, name)),
      hint: more.hint,
      required: more.required ?? facts.required,
    }
    if (f.widget === 'flag')
      return <CheckboxInput key={name} {...common} disabled={readOnly || more.disabled} />
    // A fixed code (`field.code`) is chosen among the codes the screen offers, labelled.
    if (f.widget === 'picker' || f.widget === 'enum' || f.widget === 'code') {
      const options =
        f.widget === 'enum'
          ? (dicts?.[f.dict] ?? []).map((o) => ({ value: o.code, label: o.name }))
          : optionsOf(name)
      return (
        <SelectInput
          key={name}
          {...common}
          options={options}
          disabled={readOnly || more.disabled}
          emptyReason={more.emptyReason}
        />
      )
    }
    if (f.widget === 'textarea')
      return (
        <TextAreaInput
          key={name}
          {...common}
          maxLength={facts.maxLength}
          readOnly={readOnly || more.disabled}
        />
      )
    return (
      <TextInput
        key={name}
        {...common}
        type={f.widget === 'number' ? 'number' : facts.email ? 'email' : 'text'}
        placeholder={f.widget === 'date' ? 'YYYY-MM-DD' : undefined}
        maxLength={f.widget === 'date' ? 10 : facts.maxLength}
        readOnly={readOnly || more.disabled}
        autoFocus={name === firstText}
      />
    )
  })
}
