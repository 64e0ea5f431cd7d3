import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { trackNavigationProgress } from './progress'
import { attachSession } from './session/load'
import { watchVersion } from './versionCheck'

/** What the whole console runs beside the pages: session, progress bar, version check. */
export function useShellRuntime(): void {
  const router = useRouter()
  useEffect(() => {
    const stops = [attachSession(router), trackNavigationProgress(router), watchVersion(router)]
    return () => stops.forEach((stop) => stop())
  }, [router])
}
