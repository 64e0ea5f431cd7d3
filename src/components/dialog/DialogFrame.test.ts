import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Dialogs have Cancel and a close button (issue 18): every dialog of the console stands on
 * DialogFrame, which draws both. The few others are named here with why, and each must offer
 * a way out by a button of its own (AlertDialog.Cancel or a Dialog.Close) — never Esc alone.
 */
const SRC = join(__dirname, '../..')
const FRAME = 'components/dialog/DialogFrame.tsx'
const OWN_WAY_OUT: Record<string, string> = {
  // Alert dialogs ask one question; their Cancel is AlertDialog.Cancel (Radix's pattern has no ×).
  'components/list/ConfirmDialog.tsx': 'AlertDialog.Cancel',
  'components/form/LeaveGuard.tsx': 'AlertDialog.Cancel',
  'shell/session/SessionWarningDialog.tsx': 'AlertDialog.Cancel',
  // Nothing to act on: they show or pin, and their Close button is the way out.
  'shell/layout/PinChooser.tsx': 'Dialog.Close',
  'shell/layout/CheatSheet.tsx': 'Dialog.Close',
}
/** Not dialogs that act: a search box (a choice or Esc closes it) and the navigation drawer. */
const NOT_ACTING = ['shell/palette/Palette.tsx', 'shell/layout/MenuDrawer.tsx']

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.tsx') && !e.name.includes('.test.')
        ? [join(dir, e.name)]
        : [],
  )
}

const dialogs = sources(SRC)
  .map((file) => ({ file: relative(SRC, file), text: readFileSync(file, 'utf8') }))
  .filter(({ text }) => /\b(Alert)?Dialog\.Root\b/.test(text))

describe('dialogs offer Cancel and a close button', () => {
  it('builds every dialog on DialogFrame, save the named exceptions', () => {
    const handMade = dialogs
      .map((d) => d.file)
      .filter((f) => f !== FRAME && !(f in OWN_WAY_OUT) && !NOT_ACTING.includes(f))
    expect(handMade).toEqual([])
  })

  it.each(Object.entries(OWN_WAY_OUT))('%s has a way out by a button (%s)', (file, button) => {
    const text = readFileSync(join(SRC, file), 'utf8')
    expect(text).toContain(`<${button}>`)
  })
})
