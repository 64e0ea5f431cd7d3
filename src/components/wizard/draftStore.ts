import { readJson, STORAGE_KEYS, writeJson } from '../../api/storage'
import type { WizardData } from '../../machines/wizard'

export interface WizardDraft {
  data: WizardData
  step: number
}

/**
 * Where a wizard keeps its draft (docs/wizard.md): in this browser on public pages, on the
 * server for signed-in users (so it also survives signing out and another browser).
 */
export interface DraftStore {
  load: () => Promise<WizardDraft | null>
  save: (draft: WizardDraft) => void
  clear: () => void
}

type LocalDrafts = Record<string, WizardDraft>

function isDraft(v: unknown): v is WizardDraft {
  const d = v as WizardDraft | null
  return (
    !!d &&
    typeof d === 'object' &&
    typeof d.data === 'object' &&
    d.data !== null &&
    Number.isInteger(d.step)
  )
}

/** Public pages: localStorage, one entry per wizard under `vcc.wizardDrafts`. */
export function localDraftStore(wizard: string, store: Storage = localStorage): DraftStore {
  const all = () => readJson<LocalDrafts>(STORAGE_KEYS.wizardDrafts, {}, store)
  const write = (drafts: LocalDrafts) => {
    try {
      writeJson(STORAGE_KEYS.wizardDrafts, drafts, store)
    } catch {
      // Storage full or refused (private mode): the wizard goes on without a draft.
    }
  }
  return {
    load: async () => {
      const d = all()[wizard]
      return isDraft(d) ? d : null
    },
    save: (draft) => write({ ...all(), [wizard]: draft }),
    clear: () => {
      const { [wizard]: _gone, ...rest } = all()
      write(rest)
    },
  }
}
