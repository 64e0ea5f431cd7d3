import { describe, expect, it } from 'vitest'
import { checkAction, type ListAction } from './listActions'

interface P {
  name: string
  editable: boolean
}
const builtIn: P = { name: 'mail.reset', editable: false }
const own: P = { name: 'test.a', editable: true }
const del: ListAction<P> = {
  id: 'delete',
  label: 'Delete',
  needs: 'some',
  refuses: (r) => (r.editable ? undefined : 'built-in'),
  run: () => undefined,
}
const edit: ListAction<P> = { id: 'edit', label: 'Edit', needs: 'one', run: () => undefined }

describe('checkAction', () => {
  it('takes the ticked rows before the cursor row', () => {
    expect(checkAction(del, [own], builtIn)).toEqual({ kind: 'ok', rows: [own] })
  })
  it('takes the cursor row when nothing is ticked', () => {
    expect(checkAction(edit, [], own)).toEqual({ kind: 'ok', rows: [own] })
  })
  it('asks for a row when there is neither', () => {
    expect(checkAction(edit, [])).toEqual({ kind: 'noSelection' })
  })
  it('refuses a row the action cannot apply to, ticked or under the cursor', () => {
    expect(checkAction(del, [own, builtIn])).toEqual({ kind: 'refused', message: 'built-in' })
    expect(checkAction(del, [], builtIn)).toEqual({ kind: 'refused', message: 'built-in' })
  })
  it('says view only before anything else', () => {
    expect(checkAction({ ...del, denied: true }, [builtIn])).toEqual({ kind: 'denied' })
  })
  it('gives no rows to an action that needs none', () => {
    expect(checkAction({ ...edit, needs: 'none' }, [own])).toEqual({ kind: 'ok', rows: [] })
  })
})
