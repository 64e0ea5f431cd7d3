import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { ApiError } from '../../api/client'
import {
  createWizardMachine,
  type WizardData,
  type WizardDefinition,
  type WizardEvent,
  type WizardMachine,
  type WizardSubmitError,
} from '../../machines/wizard'
import type { DraftStore, WizardDraft } from './draftStore'

/** A refusal of the API, as the machine routes it: field complaints or a message. */
export function toSubmitError(err: unknown): WizardSubmitError {
  if (err instanceof ApiError) {
    return {
      fieldErrors: Object.fromEntries(err.fieldErrors.map((f) => [f.field, f.message])),
      message: err.message,
    }
  }
  return { message: err instanceof Error ? err.message : undefined }
}

/** The saved draft, once read (null: none); undefined while reading. */
export function useDraft(store: DraftStore): WizardDraft | null | undefined {
  const [draft, setDraft] = useState<WizardDraft | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    void store.load().then((d) => live && setDraft(d))
    return () => {
      live = false
    }
  }, [store])
  return draft
}

export interface WizardApi {
  definition: WizardDefinition
  snapshot: SnapshotFrom<WizardMachine>
  send: (e: WizardEvent) => void
  /** The machine's snapshot now (for callbacks that outlive a render). */
  current: () => SnapshotFrom<WizardMachine>
  /** Counts "start over"s: a key for the step forms, so they remount blank. */
  epoch: number
  /** The step on screen; `steps.length` is the review. */
  position: number
  onReview: boolean
  /** The buttons, straight from `snapshot.can()`. */
  can: {
    back: boolean
    next: boolean
    submit: boolean
    jump: (step: number) => boolean
  }
}

interface Options {
  definition: WizardDefinition
  store: DraftStore
  draft: WizardDraft | null
  /** The values of a fresh wizard. */
  blank?: WizardData
  /** Send the data; throw (an ApiError) to refuse. */
  submit: (data: WizardData) => Promise<unknown>
  /** After a successful submit, with the submit's answer. */
  onSubmitted: (result: unknown) => void
}

/** Runs a wizard machine for a screen, with its draft store and its submission. */
export function useWizard({
  definition,
  store,
  draft,
  blank,
  submit,
  onSubmitted,
}: Options): WizardApi {
  const machine = useMemo(() => createWizardMachine(definition), [definition])
  const actor = useActorRef(
    machine.provide({
      actions: {
        saveDraft: ({ context }) => store.save({ data: context.data, step: context.step }),
        clearDraft: () => store.clear(),
      },
      actors: {
        submit: fromPromise<unknown, WizardData>(async ({ input }) => {
          try {
            return await submit(input)
          } catch (err) {
            throw toSubmitError(err)
          }
        }),
      },
    }),
    { input: { draft, blank } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const [epoch, setEpoch] = useState(0)
  const send = useCallback(
    (e: WizardEvent) => {
      if (e.type === 'RESET') setEpoch((n) => n + 1)
      actor.send(e)
    },
    [actor],
  )
  const done = snapshot.status === 'done'
  useEffect(() => {
    if (done) onSubmitted(snapshot.context.result)
    // Once: the machine's final state does not change again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done])
  const onReview = snapshot.matches('review') || snapshot.matches('submitting')
  return {
    definition,
    snapshot,
    send,
    current: () => actor.getSnapshot(),
    epoch,
    position: onReview ? definition.steps.length : snapshot.context.step,
    onReview,
    can: {
      back: snapshot.can({ type: 'BACK' }),
      next: snapshot.can({ type: 'NEXT' }),
      submit: snapshot.can({ type: 'SUBMIT' }),
      jump: (step) => snapshot.can({ type: 'JUMP', step }),
    },
  }
}
