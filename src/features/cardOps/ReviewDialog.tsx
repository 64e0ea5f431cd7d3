import { Dialog, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { FormShell, SelectInput, TextAreaInput, useZodForm } from '../../components/form'
import { textarea } from '../../lib/validators'
import type { CardRequestRow } from '../../resources/cardRequests'
import { reasonQuery } from './api'

const reviewForm = z
  .object({ decision: z.enum(['approve', 'reject']), reasonCode: z.string(), note: textarea() })
  // A rejection says why (the server checks it too).
  .refine((v) => v.decision === 'approve' || v.reasonCode !== '', {
    message: 'validation:required',
    path: ['reasonCode'],
  })

interface Props {
  row: CardRequestRow | null
  path: '/card-ops/cancel-requests/review' | '/card-ops/balance-updates/review'
  onClose: () => void
  onDone: () => void
}

/** Approve or reject one request (never one's own: the server answers 3055). */
export function ReviewDialog({ row, path, onClose, onDone }: Props) {
  const { t } = useTranslation(['cardOps'])
  return (
    <Dialog.Root open={!!row} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{t('cardOps:review')}</Dialog.Title>
        {row && <ReviewForm row={row} path={path} onDone={onDone} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

function ReviewForm({ row, path, onDone }: Omit<Props, 'onClose'> & { row: CardRequestRow }) {
  const { t } = useTranslation(['cardOps'])
  const reasons = useQuery(reasonQuery())
  const form = useZodForm({
    schema: reviewForm,
    initial: { decision: 'approve', reasonCode: '', note: '' },
    submit: async (v) => {
      await call(path, {
        id: row.id,
        decision: v.decision,
        note: v.note,
        ...(v.reasonCode ? { reasonCode: v.reasonCode } : {}),
      })
      toast.success(t(v.decision === 'approve' ? 'cardOps:approved' : 'cardOps:rejected'))
      onDone()
    },
  })
  return (
    <FormShell form={form} label={t('cardOps:review')} submitLabel={t('cardOps:submit')}>
      <Text as="p" size="2">
        {row.merchantName} · {row.cardNumber} · {row.requesterName}
      </Text>
      <SelectInput
        form={form}
        name="decision"
        label={t('cardOps:review')}
        options={[
          { value: 'approve', label: t('cardOps:approve') },
          { value: 'reject', label: t('cardOps:reject') },
        ]}
        required
      />
      <SelectInput
        form={form}
        name="reasonCode"
        label={t('cardOps:reason')}
        options={reasons.data ?? []}
      />
      <TextAreaInput form={form} name="note" label={t('cardOps:note')} />
    </FormShell>
  )
}
