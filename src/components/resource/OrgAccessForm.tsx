import { Checkbox, Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { merchantsQuery } from '../../domain/merchants'
import { companyTreeQuery, flattenCompanies, indentedName } from '../../domain/companies'
import type { MessageKey } from '../../i18n/keys'
import { toast } from '../feedback/toast'
import { useZodForm, type FormApi } from '../form'
import { lastListSearch, useFormTab } from '../list'
import type { ScreenButtons } from '../permissions/useButtons'
import { ResourceFormPage } from './ResourceForm'

interface Choice {
  id: number
  label: string
}

const accessForm = z.object({ companyIds: z.array(z.number()), merchantIds: z.array(z.number()) })
export type OrgAccess = z.output<typeof accessForm>

export interface OrgAccessFormProps {
  /** Who has it now. */
  initial: OrgAccess
  save: (access: OrgAccess) => Promise<unknown>
  perms: Pick<ScreenButtons, 'ready' | 'viewOnly'>
  /** Whether the user may change it (else the form is read-only). */
  allowed: boolean
  /** The form's tab title and the list it returns to. */
  formTitle: MessageKey
  listScreen: string
  title: string
  hint: string
  saved: string
  texts: { companies: string; noCompanies: string; merchants: string; noMerchants: string }
}

/**
 * Which companies and merchants may use something (a card BIN, a platform rule): the company
 * tree and the merchant list as two groups of checkboxes, saved together, then back to the list.
 */
export function OrgAccessForm(p: OrgAccessFormProps) {
  const navigate = useNavigate()
  // The company tree in its own order, each name indented by its depth.
  const companies = useQuery({
    ...companyTreeQuery(),
    select: (nodes): Choice[] =>
      flattenCompanies(nodes).map((c) => ({ id: c.id, label: indentedName(c) })),
  })
  const merchants = useQuery({
    ...merchantsQuery(),
    select: (rows): Choice[] => rows.map((m) => ({ id: m.merchantId, label: m.name })),
  })
  const closeAfterSave = useFormTab(p.formTitle, p.listScreen)
  const back = () =>
    navigate({
      to: `/main/${p.listScreen}` as never,
      search: lastListSearch(p.listScreen) as never,
    })
  const form = useZodForm({
    schema: accessForm,
    initial: p.initial,
    submit: async (data) => {
      await p.save(data)
      toast.success(p.saved)
      await closeAfterSave(back)
    },
  })
  return (
    <ResourceFormPage
      screen={{ form, perms: p.perms, allowed: p.allowed, back, title: p.title }}
      context={
        <Text size="2" color="gray">
          {p.hint}
        </Text>
      }
    >
      <CheckList
        form={form}
        name="companyIds"
        legend={p.texts.companies}
        empty={p.texts.noCompanies}
        choices={companies.data ?? []}
        disabled={!p.allowed}
      />
      <CheckList
        form={form}
        name="merchantIds"
        legend={p.texts.merchants}
        empty={p.texts.noMerchants}
        choices={merchants.data ?? []}
        disabled={!p.allowed}
      />
    </ResourceFormPage>
  )
}

/** A group of checkboxes holding a list of ids (Tab moves between them, Space ticks); the administrators form uses it too. */
export function CheckList(p: {
  form: FormApi<OrgAccess>
  name: 'companyIds' | 'merchantIds'
  legend: string
  empty: string
  choices: Choice[]
  disabled: boolean
}) {
  const ids = p.form.rhf.watch(p.name)
  const toggle = (id: number, on: boolean) =>
    p.form.rhf.setValue(
      p.name,
      on ? [...ids, id].sort((a, b) => a - b) : ids.filter((x) => x !== id),
      { shouldDirty: true },
    )
  return (
    <fieldset className="vcc-fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text as="div" weight="bold" size="2" mb="2">
        <legend>{p.legend}</legend>
      </Text>
      <Flex direction="column" gap="2">
        {p.choices.length === 0 ? (
          <Text size="2" color="gray">
            {p.empty}
          </Text>
        ) : null}
        {p.choices.map((c) => {
          const htmlId = `${p.form.fieldId(p.name)}-${c.id}`
          return (
            <Flex key={c.id} gap="2" align="center">
              <Checkbox
                id={htmlId}
                checked={ids.includes(c.id)}
                disabled={p.disabled}
                onCheckedChange={(v) => toggle(c.id, v === true)}
              />
              <Text as="label" htmlFor={htmlId} size="2">
                {c.label}
              </Text>
            </Flex>
          )
        })}
      </Flex>
    </fieldset>
  )
}
