import { Button, Heading, Text } from '@radix-ui/themes'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { components } from '../../api/schema'
import { reviewChoices } from '../../machines/review'
import { textarea } from '../../lib/validators'
import { DateTimeText } from '../format/DateTimeText'
import { FormShell, SelectInput, TextAreaInput, useZodForm } from '../form'

export type ReviewView = components['schemas']['ReviewView']
/** A decision as the review calls take it: no reason code is sent when none was picked. */
type ReviewDecisionValues<R extends string> = {
  decision: 'approve' | 'reject'
  reasonCode?: R
  note: string
}

/** Any reason code as its label in the user's language: a code no label names reads "another". */
function useReasonLabel() {
  const { t } = useTranslation(['review'])
  return (code: string | null): string =>
    code
      ? t(`review:reasons.${code}` as 'review:reasons.other', {
          defaultValue: t('review:unknownReason'),
        })
      : ''
}

/**
 * Each step of a reviewed item, the same on every screen: what happened, who, when, the reason
 * (its label) and the note.
 */
function ReviewHistory({ review }: { review: ReviewView }) {
  const { t } = useTranslation(['review'])
  const reasonLabel = useReasonLabel()
  return (
    <section aria-labelledby="review-history">
      <Heading as="h2" size="3" id="review-history">
        {t('review:history')}
      </Heading>
      <ol data-testid="request-history">
        {review.history.map((h, i) => (
          <li key={i}>
            <Text weight="medium">{t(`review:events.${h.event}`)}</Text> · {h.actorName} ·{' '}
            <DateTimeText iso={h.at} />
            {h.reasonCode ? ` · ${reasonLabel(h.reasonCode)}` : ''}
            {h.note ? ` · ${h.note}` : ''}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Who the console is to the review machine: the maker (as the server says) or another person. */
const ME = 1
const SOMEONE_ELSE = 2

interface Props<R extends string> {
  review: ReviewView
  /** The caller's buttons for this kind of item (the grants; the machine says when). */
  buttons: { decide: boolean; withdraw: boolean }
  /** The reason codes offered (src/resources/reviewReasons.ts). */
  reasons: readonly R[]
  /** The reason picked at first ('' = none: an approval may go without one). */
  initialReason?: R | ''
  /** The form's accessible name. */
  label: string
  decide: (v: ReviewDecisionValues<R>) => Promise<void>
  withdraw?: () => Promise<void>
  /** Shown beside the decision (a Cancel that closes the screen or dialog). */
  extra?: React.ReactNode
  /** What the reviewer looks at: the item's own facts. */
  children?: React.ReactNode
}

/**
 * The review of one item (DESIGN §5 "Reviews once"): its facts, the decision the review
 * machine allows the caller (`can()` on src/machines/review.ts: Approve / Reject buttons for
 * someone who is not the maker, withdraw for the maker), a reason picker and a note, and the
 * history.
 * The accounts request screen and the card request review dialogs show it alike.
 */
export function ReviewPanel<R extends string>(p: Props<R>) {
  const { t } = useTranslation(['review'])
  const choices = reviewChoices(
    p.review.state,
    { makerId: p.review.makerIsYou ? ME : SOMEONE_ELSE },
    ME,
  )
  // The machine allows approving and rejecting together: both to a checker of a pending item.
  const decides = choices.approve && choices.reject && p.buttons.decide
  return (
    <>
      {p.children}
      {decides && <DecisionForm {...p} />}
      {p.review.makerIsYou && p.review.state === 'pending' && !choices.approve && (
        <Text as="p" size="2" color="gray" data-testid="review-own">
          {t('review:ownRequest')}
        </Text>
      )}
      {choices.withdraw && p.buttons.withdraw && p.withdraw && (
        <Button color="red" variant="soft" onClick={p.withdraw}>
          {t('review:withdraw')}
        </Button>
      )}
      <ReviewHistory review={p.review} />
    </>
  )
}

/**
 * Approve and Reject, two buttons of one form: Approve is the form's own submit (Enter in a
 * field, Ctrl+Enter in the note), Reject a second submit button that asks for the reason code
 * first. Which one was pressed is the submit event's `submitter`, read before the form checks.
 */
function DecisionForm<R extends string>(p: Props<R>) {
  const { t } = useTranslation(['review'])
  const reasonLabel = useReasonLabel()
  const schema = z
    .object({
      decision: z.enum(['approve', 'reject']),
      reasonCode: z.enum(p.reasons as readonly [R, ...R[]]).or(z.literal('')),
      note: textarea(),
    })
    // The machine's rule, said on the field before the server has to: a rejection says why.
    .refine((v) => v.decision === 'approve' || v.reasonCode !== '', {
      message: 'validation:required',
      path: ['reasonCode'],
    })
  const form = useZodForm({
    schema,
    initial: { decision: 'approve' as const, reasonCode: p.initialReason ?? '', note: '' },
    submit: ({ reasonCode, ...v }) =>
      p.decide({ ...v, ...(reasonCode ? { reasonCode: reasonCode as R } : {}) }),
  })
  const pressed = (e: FormEvent) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter
    form.rhf.setValue('decision', submitter?.dataset.decision === 'reject' ? 'reject' : 'approve')
  }
  return (
    <div onSubmitCapture={pressed}>
      <FormShell
        form={form}
        label={p.label}
        submitLabel={t('review:approve')}
        extra={
          <>
            <Button
              type="submit"
              color="red"
              variant="soft"
              data-decision="reject"
              loading={form.submitting}
            >
              {t('review:reject')}
            </Button>
            {p.extra}
          </>
        }
      >
        <SelectInput
          form={form}
          name="reasonCode"
          label={t('review:reason')}
          hint={t('review:reasonHint')}
          options={p.reasons.map((r) => ({ value: r, label: reasonLabel(r) }))}
        />
        <TextAreaInput form={form} name="note" label={t('review:note')} />
      </FormShell>
    </div>
  )
}
