import { getRouteApi } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { toast } from '../../components/feedback/toast'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { users } from '../../resources/users'
import { userDisplay, userResource, type UserRecord } from './resource'

const route = getRouteApi('/main/user-management')

type RowCall = '/user/lock' | '/user/unlock' | '/user/resendActivation' | '/user/endSessions'

/**
 * user-management: the administrators the user reaches (filters: login name, e-mail, role,
 * company, merchant, active), with add, edit, delete, export and the account actions: lock,
 * unlock, resend the activation e-mail, end every session.
 */
export function UserListScreen() {
  const { t } = useTranslation(['users', 'common'])
  const qc = useQueryClient()
  const screen = useResourceList({
    client: userResource,
    search: route.useSearch(),
    rowLabel: (r) => r.loginName,
  })
  const { perms } = screen
  const columns = useFieldColumns(users, userDisplay)
  const actions = useMemo<ListAction<UserRecord>[]>(() => {
    /** One call per chosen row, then the list again and the row action's toast. */
    const each =
      (path: RowCall, done: string) =>
      async (rows: UserRecord[]): Promise<void> => {
        for (const row of rows) await call(path, { userId: row.id })
        await qc.invalidateQueries({ queryKey: ['/user'] })
        toast.success(done)
      }
    const confirm = (
      title: string,
      text: 'user.lockConfirm' | 'user.resendConfirm' | 'user.endSessionsConfirm',
      label: string,
    ) => ({
      title,
      description: (rows: UserRecord[]) =>
        t(text, { names: rows.map((r) => r.loginName).join(', ') }),
      confirmLabel: label,
    })
    return [
      ...screen.layout.actions,
      {
        id: 'lock',
        label: t('user.actions.lock'),
        needs: 'some',
        color: 'red',
        denied: !perms.can('lock'),
        confirm: confirm(t('user.lockTitle'), 'user.lockConfirm', t('user.actions.lock')),
        run: each('/user/lock', t('user.locked')),
      },
      {
        id: 'unlock',
        label: t('user.actions.unlock'),
        needs: 'some',
        denied: !perms.can('unlock'),
        run: each('/user/unlock', t('user.unlocked')),
      },
      {
        id: 'resend',
        label: t('user.actions.resend'),
        needs: 'one',
        denied: !perms.can('resend'),
        confirm: confirm(t('user.resendTitle'), 'user.resendConfirm', t('user.actions.resend')),
        run: each('/user/resendActivation', t('user.resent')),
      },
      {
        id: 'end-sessions',
        label: t('user.actions.endSessions'),
        needs: 'some',
        denied: !perms.can('end-sessions'),
        confirm: confirm(
          t('user.endSessionsTitle'),
          'user.endSessionsConfirm',
          t('user.actions.endSessions'),
        ),
        run: each('/user/endSessions', t('user.sessionsEnded')),
      },
    ]
  }, [screen.layout.actions, perms, t, qc])
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
