import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { NextStep } from './signIn'

/** Follows a sign-in step's answer (replacing the history entry: Back does not re-open it). */
export function useGoNext() {
  const navigate = useNavigate()
  return useCallback(
    (step: NextStep) =>
      'href' in step
        ? navigate({ href: step.href, replace: true })
        : navigate({ to: step.to, search: { from: step.from }, replace: true }),
    [navigate],
  )
}
