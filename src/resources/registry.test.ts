import { describe, expect, it } from 'vitest'
import { SCREENS } from '../lib/screens'
import { resources } from '../i18n/resources'
import { z } from 'zod'
import type { ButtonAction } from '../i18n/keys'
import { defineAction, PUBLIC_ACTION } from './action'
import { DEFINITIONS, REGISTRY, registeredScreen, type ButtonCode, type ButtonOf } from './registry'
import wire from './registry.snapshot.json'

/**
 * The registry is what the server seeds menus and buttons from (server/db/menus.ts): assembled
 * from the screen tree and the definitions, it must say exactly what the hand-written registry
 * it replaced said — every menu's id, name, url, group, position, icon, seq and flags, every
 * button's code and the forms it opens (registry.snapshot.json). A change here is a change of
 * the seed: update the snapshot only on purpose.
 */
const asWire = () =>
  REGISTRY.map((s) => ({
    name: s.name,
    id: s.id,
    url: s.url,
    group: s.group ?? null,
    position: s.position,
    icon: s.icon,
    seq: s.seq,
    hidden: !!s.hidden,
    category: s.category ?? 'page',
    platformAdminOnly: !!s.platformAdminOnly,
    buttons: s.buttons.map((b) => ({ code: b.code, opens: [...b.opens] })),
  }))

const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id)

describe('the screen registry', () => {
  it('seeds the same menus and buttons as the snapshot', () => {
    expect(byId(asWire())).toEqual(byId(wire))
  })

  it('reads every definition that names a button', async () => {
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
      eager: true,
    })
    const read = new Set(DEFINITIONS)
    const missing = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([, v]) => {
          if (!v || typeof v !== 'object') return false
          const isResource = 'screen' in v && 'buttons' in v && 'requests' in v
          const isAction =
            'permission' in v && (v as { permission: unknown }).permission !== PUBLIC_ACTION
          return isResource || isAction
        })
        .filter(([, v]) => !read.has(v as object))
        .map(([name]) => `${file}: ${name}`),
    )
    expect(missing).toEqual([])
  })

  it('has the tree declare only buttons no definition declares', () => {
    const fromDefinitions = new Set(
      DEFINITIONS.flatMap((d) =>
        'permission' in d
          ? [d.permission as string]
          : (d as { screen: string; buttons: string[] }).buttons.map(
              (b) => `${(d as { screen: string }).screen}:${b}`,
            ),
      ),
    )
    const restated = SCREENS.flatMap((s) =>
      (s.ownButtons ?? []).map((b) => `${s.name}:${b}`),
    ).filter((code) => fromDefinitions.has(code))
    expect(restated).toEqual([])
  })

  it("opens a form only from a button of the form's list", () => {
    const unopened = SCREENS.flatMap((f) =>
      (f.openedBy ?? [])
        .filter(
          (a) => !registeredScreen.get(f.list!)!.buttons.some((b) => b.code === `${f.list}:${a}`),
        )
        .map((a) => `${f.name}: ${f.list}:${a}`),
    )
    expect(unopened).toEqual([])
  })

  it('types button codes from the definitions and the tree (tsc checks this test)', () => {
    const codes: ButtonCode[] = [
      'dict-management:add', // a resource's
      'email-account:settings', // an action's
      'cards-balance:reveal', // the tree's own
    ]
    // @ts-expect-error no definition gives dict-management a lock button
    const lock: ButtonOf<'dict-management'> = 'lock'
    // @ts-expect-error a button action needs a label (menu:button.<action>)
    const unlabelled: ButtonAction = 'frezee'
    // A definition's button without a label does not compile, so it never reaches the registry.
    const misspelt = () =>
      defineAction({
        name: 'misspelt',
        path: '/misspelt',
        summary: 'A definition with a button no label names',
        input: {},
        result: z.object({}),
        moneyMoves: false,
        audit: 'card.freeze',
        changes: [],
        screen: 'cards-balance',
        // @ts-expect-error 'frezee' is no button action
        button: 'frezee',
      })
    expect([codes.length, lock, unlabelled, typeof misspelt]).toEqual([
      3,
      'lock',
      'frezee',
      'function',
    ])
  })

  it('labels every button in both languages', () => {
    for (const b of REGISTRY.flatMap((s) => s.buttons)) {
      const key = `button.${b.code.split(':')[1]}`
      expect(Object.hasOwn(resources['en-US'].menu, key), key).toBe(true)
      expect(Object.hasOwn(resources['zh-CN'].menu, key), key).toBe(true)
    }
  })
})
