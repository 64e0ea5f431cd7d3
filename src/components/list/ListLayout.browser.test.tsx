import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Theme } from '@radix-ui/themes'
import '@radix-ui/themes/styles.css'
import i18next from 'i18next'
import { useMemo, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { resources } from '../../i18n/resources'
import { ScreenActionsProvider } from '../../shell/screenActions'
import { Toaster } from '../feedback/Toaster'
import type { FilterField } from './filterDraft'
import { ListLayout } from './ListLayout'
import type { ListAction } from './listActions'
import type { Column } from './ListTable'
import { useList, type SearchPatch } from './useList'

/*
 * The list kit's keyboard, in Chromium: one list screen over rows held in the test (the search
 * is the test's state, not a URL). What the dictionary list journeys asserted about the kit
 * (the cursor row, Esc from the filters, H / L / S, empty lists) lives here now
 * (docs/testing.md, "Moved tests"); the journeys keep the screen's own calls.
 */
vi.mock('../../api/client', () => ({
  // The column setup's calls: nothing saved on the server for this screen.
  call: vi.fn(async (path: string) => (path === '/column/query' ? { columns: [] } : {})),
  ApiError: class ApiError extends Error {},
}))

type Row = { id: number; code: string; name: string; type: string; active: boolean }
const ROWS: Row[] = ['a', 'b', 'c'].map((x, i) => ({
  id: i + 1,
  code: `cur_${x}`,
  name: `Name ${'zyx'[i]}`,
  type: 'plain',
  active: i !== 1,
}))

const columns: Column<Row>[] = [
  { id: 'code', label: 'Code', render: (r) => r.code, sortField: 'code', hideable: false },
  { id: 'name', label: 'Name', render: (r) => r.name, sortField: 'name' },
  { id: 'type', label: 'Type', render: (r) => r.type },
]
const filters: FilterField[] = [
  { name: 'code', label: 'Code', kind: 'text' },
  { name: 'active', label: 'Active', kind: 'flag' },
]

type Search = {
  pageNum?: number
  pageSize?: number
  sort?: string
  order?: 'asc' | 'desc'
  code?: string
}

const did = { edit: vi.fn(), remove: vi.fn(), open: vi.fn(), add: vi.fn() }

function Screen({ start, rows, canDelete }: { start: Search; rows: Row[]; canDelete: boolean }) {
  const [search, setSearchState] = useState<Search>(start)
  const [data, setData] = useState(rows)
  const setSearch = (patch: SearchPatch) => setSearchState((s) => ({ ...s, ...patch }) as Search)
  const shown = useMemo(() => {
    const matching = data.filter((r) => !search.code || r.code.includes(search.code))
    const key = search.sort as keyof Row | undefined
    if (!key) return matching
    const sorted = [...matching].sort((a, b) => String(a[key]).localeCompare(String(b[key])))
    return search.order === 'desc' ? sorted.reverse() : sorted
  }, [data, search])
  const list = useList({
    screen: 'kit-test',
    search,
    setSearch,
    data: { list: shown, total: shown.length },
    rowId: (r) => r.id,
  })
  const actions: ListAction<Row>[] = [
    { id: 'add', label: 'Add', shortcut: 'listNew', run: () => did.add() },
    { id: 'edit', label: 'Edit', shortcut: 'listEdit', needs: 'one', run: (r) => did.edit(r) },
    {
      id: 'delete',
      label: 'Delete',
      shortcut: 'listDelete',
      needs: 'some',
      color: 'red',
      denied: !canDelete,
      confirm: {
        title: 'Delete',
        description: (r) => `Delete ${r.map((x) => x.code).join(', ')}?`,
        confirmLabel: 'Delete',
      },
      run: (r) => {
        did.remove(r)
        setData((d) => d.filter((x) => !r.includes(x)))
      },
    },
  ]
  return (
    <ListLayout
      list={list}
      title="Kit list"
      actions={actions}
      filters={filters}
      columns={columns}
      rowLabel={(r) => r.code}
      onOpen={(r) => did.open(r)}
    />
  )
}

async function draw({ start = {}, rows = ROWS, canDelete = true } = {}) {
  const i18n = i18next.createInstance()
  await i18n.init({ resources, lng: 'en-US', defaultNS: 'common', initAsync: false })
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ScreenActionsProvider>
          <Theme>
            <Screen start={start} rows={rows} canDelete={canDelete} />
            <Toaster />
          </Theme>
        </ScreenActionsProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  )
}

type Screen = Awaited<ReturnType<typeof draw>>
const bodyRows = (s: Screen) => s.container.querySelectorAll('tbody tr[data-row-index]')
const rowAt = (s: Screen, i: number) => s.container.querySelector(`tbody tr[data-row-index="${i}"]`)
const press = (keys: string) => userEvent.keyboard(keys)

beforeEach(() => {
  for (const f of Object.values(did)) f.mockClear()
  localStorage.clear()
})

describe('the list kit in the browser', () => {
  it('J / K move the cursor row; E, Shift+D and Enter act on it when nothing is ticked', async () => {
    const s = await draw()
    await expect.poll(() => bodyRows(s).length).toBe(3)
    await press('jj')
    await expect.poll(() => document.activeElement === rowAt(s, 1)).toBe(true)
    expect(s.container.querySelectorAll('tbody tr[aria-selected="true"]')).toHaveLength(0)

    await press('e')
    expect(did.edit).toHaveBeenCalledWith([ROWS[1]])

    // Shift+D asks about the cursor row only; the dialog's confirm deletes it.
    await press('j')
    await expect.poll(() => document.activeElement === rowAt(s, 2)).toBe(true)
    await press('{Shift>}D{/Shift}')
    const dialog = s.getByRole('alertdialog')
    await expect.element(dialog).toHaveTextContent('Delete cur_c?')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => bodyRows(s).length).toBe(2)
    expect(did.remove).toHaveBeenCalledWith([ROWS[2]])

    // The cursor is on the new last row; K moves up; Enter opens the cursor row.
    await press('j')
    await expect.poll(() => document.activeElement === rowAt(s, 1)).toBe(true)
    await press('k')
    await expect.poll(() => document.activeElement === rowAt(s, 0)).toBe(true)
    await press('{Enter}')
    expect(did.open).toHaveBeenCalledWith(ROWS[0])
  })

  it('an action the role lacks is disabled, says why, and its key says view only', async () => {
    const s = await draw({ canDelete: false })
    const del = s.getByRole('toolbar').getByRole('button', { name: 'Delete' })
    await expect.element(del).toBeDisabled()
    await expect.element(del).toHaveAttribute('title', expect.stringMatching(/Delete/))
    await press('j')
    await press('{Shift>}D{/Shift}')
    await expect.element(s.getByTestId('toast-errors')).toHaveTextContent(/view/i)
    expect(did.remove).not.toHaveBeenCalled()
    expect(s.container.querySelector('[role="alertdialog"]')).toBeNull()
  })

  it('Esc in the filters puts the focus back on the cursor row', async () => {
    const s = await draw()
    await expect.poll(() => bodyRows(s).length).toBe(3)
    await press('jjj')
    await expect.poll(() => document.activeElement === rowAt(s, 2)).toBe(true)
    await press('/')
    const code = s.getByRole('search').getByLabelText('Code', { exact: true })
    await expect.element(code).toHaveFocus()
    await press('x{Escape}')
    await expect.poll(() => document.activeElement === rowAt(s, 2)).toBe(true)

    // From the flag select too: open, Esc only closes its list; closed, Esc leaves.
    const active = s.getByRole('search').getByLabelText('Active', { exact: true })
    ;(active.element() as HTMLElement).focus()
    await press('{Enter}')
    await expect.element(s.getByRole('listbox')).toBeVisible()
    await press('{Escape}')
    await expect.poll(() => document.querySelector('[role="listbox"]')).toBeNull()
    await expect.element(active).toHaveFocus()
    await press('{Escape}')
    await expect.poll(() => document.activeElement === rowAt(s, 2)).toBe(true)
  })

  it('H / L choose the current column and S sorts by it; a column without a sort says so', async () => {
    const s = await draw()
    const header = (name: string) => s.getByRole('columnheader', { name: new RegExp(name) })
    await press('js')
    await expect.element(s.getByTestId('toast-errors')).toHaveTextContent('Move to a column first')

    await press('l')
    await expect.element(header('Code')).toHaveAttribute('data-current-column', 'true')
    await press('s')
    await expect.element(header('Code')).toHaveAttribute('aria-sort', 'ascending')
    await press('s')
    await expect.element(header('Code')).toHaveAttribute('aria-sort', 'descending')
    await expect.poll(() => rowAt(s, 0)?.textContent).toContain('cur_c')

    await press('l')
    await expect.element(header('Name')).toHaveAttribute('data-current-column', 'true')
    await press('s')
    await expect.element(header('Name')).toHaveAttribute('aria-sort', 'ascending')
    await expect.element(header('Code')).toHaveAttribute('aria-sort', 'none')
    await expect.poll(() => rowAt(s, 0)?.textContent).toContain('Name x')

    await press('ls')
    await expect.element(s.getByTestId('toast-errors')).toHaveTextContent('Type cannot be sorted')
    await press('h')
    await expect.element(header('Name')).toHaveAttribute('data-current-column', 'true')
  })

  it('an empty list says what to do: add the first row, or reset the filters', async () => {
    const empty = await draw({ rows: [] })
    const says = empty.getByTestId('list-empty')
    await expect.element(says).toHaveTextContent('Nothing here yet. Add the first one.')
    await says.getByRole('button', { name: 'Add' }).click()
    expect(did.add).toHaveBeenCalledTimes(1)
    empty.unmount()

    const filtered = await draw({ start: { code: 'no-such-code' } })
    const none = filtered.getByTestId('list-empty')
    await expect.element(none).toHaveTextContent('No rows match the filters.')
    await none.getByRole('button', { name: 'Reset filters' }).click()
    await expect.poll(() => bodyRows(filtered).length).toBe(3)
  })
})
