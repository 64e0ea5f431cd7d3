import { Button, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call, type DataOf } from '../../api/client'
import { download, saveFile } from '../../api/download'
import { toast } from '../../components/feedback/toast'
import { DateTimeText } from '../../components/format/DateTimeText'
import { FormPage, FormShell, SelectInput, TextAreaInput, useZodForm } from '../../components/form'
import { textarea } from '../../lib/validators'
import { STATUS_COLORS, useMovementLabels } from './labels'
import { Money } from './Money'
import { ACCOUNTS_QUERY_KEY } from './resource'
import { useRequestForm } from './useRequestForm'
import { codeLabel } from '../../lib/codeLabels'

type Request = DataOf<'/accounts/transactions/request'>

const REASONS = ['verified', 'not_received', 'mismatch', 'duplicate', 'other'] as const
const HISTORY_ACTIONS = ['declare', 'approve', 'reject', 'cancel'] as const

const reviewForm = z.object({
  decision: z.enum(['approve', 'reject']),
  reasonCode: z.enum(REASONS),
  note: textarea(),
})

function requestQuery(id: number) {
  return {
    queryKey: [...ACCOUNTS_QUERY_KEY, 'request', id],
    queryFn: () => call('/accounts/transactions/request', { requestId: id }),
  }
}

/** The request's facts and each step of its history. */
function RequestFacts({ req }: { req: Request }) {
  const { t } = useTranslation(['accounts'])
  const { typeLabel, statusLabel } = useMovementLabels()
  const historyLabel = (a: string) =>
    (HISTORY_ACTIONS as readonly string[]).includes(a)
      ? t(`accounts:historyActions.${a as (typeof HISTORY_ACTIONS)[number]}`)
      : a
  const reasonLabel = (r: string | null) =>
    r && (REASONS as readonly string[]).includes(r)
      ? t(`accounts:reasons.${r as (typeof REASONS)[number]}`)
      : (r ?? '')
  return (
    <Flex direction="column" gap="4">
      <DataList.Root>
        <DataList.Item>
          <DataList.Label>{t('accounts:merchant')}</DataList.Label>
          <DataList.Value>{req.merchantName}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:type')}</DataList.Label>
          <DataList.Value>{typeLabel(req.kind)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:amount')}</DataList.Label>
          <DataList.Value>
            <Money minor={req.amount} currency={req.currency} />
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>{t('accounts:status')}</DataList.Label>
          <DataList.Value>
            <Text color={STATUS_COLORS[req.status]} data-testid="request-status">
              {statusLabel(req.status)}
            </Text>
          </DataList.Value>
        </DataList.Item>
        {req.reference && (
          <DataList.Item>
            <DataList.Label>{t('accounts:wireReference')}</DataList.Label>
            <DataList.Value>{req.reference}</DataList.Value>
          </DataList.Item>
        )}
        {req.beneficiary && (
          <DataList.Item>
            <DataList.Label>{t('accounts:beneficiary')}</DataList.Label>
            <DataList.Value>{req.beneficiary}</DataList.Value>
          </DataList.Item>
        )}
        {req.remark && (
          <DataList.Item>
            <DataList.Label>{t('accounts:remark')}</DataList.Label>
            <DataList.Value>{req.remark}</DataList.Value>
          </DataList.Item>
        )}
      </DataList.Root>
      {req.proof && (
        <Button
          variant="soft"
          onClick={async () =>
            saveFile(
              await download('/accounts/transactions/proof', { requestId: req.id }, () => {}),
            )
          }
        >
          {t('accounts:downloadProof')}
        </Button>
      )}
      <section aria-labelledby="request-history">
        <Heading as="h2" size="3" id="request-history">
          {t('accounts:history')}
        </Heading>
        <ol data-testid="request-history">
          {req.history.map((h, i) => (
            <li key={i}>
              <Text weight="medium">{historyLabel(h.action)}</Text> · {h.actorName} ·{' '}
              <DateTimeText iso={h.createdAt} />
              {h.reasonCode ? ` · ${reasonLabel(h.reasonCode)}` : ''}
              {h.note ? ` · ${h.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="request-audit">
        <Heading as="h2" size="3" id="request-audit">
          {t('accounts:auditLog')}
        </Heading>
        <ol data-testid="request-audit">
          {req.audit.map((a, i) => (
            <li key={i}>
              <Text weight="medium">{codeLabel(t, 'auditAction', a.action)}</Text> · {a.loginName} ·{' '}
              <DateTimeText iso={a.at} />
            </li>
          ))}
        </ol>
      </section>
    </Flex>
  )
}

function ReviewForm({ req }: { req: Request }) {
  const { t } = useTranslation(['accounts', 'common'])
  const { back, done } = useRequestForm('menu:accounts-transactions-review')
  const form = useZodForm({
    schema: reviewForm,
    initial: { decision: 'approve', reasonCode: 'verified', note: '' },
    submit: async (v) => {
      await call('/accounts/transactions/review', { requestId: req.id, ...v })
      toast.success(t('accounts:reviewed'))
      await done()
    },
  })
  return (
    <FormShell
      form={form}
      label={t('accounts:reviewTitle')}
      guard
      extra={
        <Button type="button" variant="soft" color="gray" onClick={back}>
          {t('common:cancel')}
        </Button>
      }
    >
      <SelectInput
        form={form}
        name="decision"
        label={t('accounts:decision')}
        options={[
          { value: 'approve', label: t('accounts:approve') },
          { value: 'reject', label: t('accounts:reject') },
        ]}
        required
      />
      <SelectInput
        form={form}
        name="reasonCode"
        label={t('accounts:reasonCode')}
        options={REASONS.map((r) => ({ value: r, label: t(`accounts:reasons.${r}`) }))}
        required
      />
      <TextAreaInput form={form} name="note" label={t('accounts:note')} />
    </FormShell>
  )
}

/**
 * accounts-transactions-review: a request, its proof and history; the review form when the
 * caller may review it (the button, not its submitter, still pending), Cancel for its submitter.
 */
export function ReviewScreen() {
  const { t } = useTranslation(['accounts', 'common'])
  const { id } = useSearch({ strict: false }) as { id?: number }
  const { data: req, error } = useQuery({ ...requestQuery(id ?? 0), enabled: !!id })
  const { done } = useRequestForm('menu:accounts-transactions-review')
  return (
    <FormPage title={t('accounts:reviewTitle')}>
      {error && <Text role="alert">{error.message}</Text>}
      {req && (
        <Flex direction="column" gap="5">
          <RequestFacts req={req} />
          {req.canReview && <ReviewForm req={req} />}
          {req.canCancel && (
            <Button
              color="red"
              variant="soft"
              onClick={async () => {
                await call('/accounts/transactions/cancel', { requestId: req.id })
                toast.success(t('accounts:cancelled'))
                await done()
              }}
            >
              {t('accounts:cancelRequest')}
            </Button>
          )}
        </Flex>
      )}
    </FormPage>
  )
}
