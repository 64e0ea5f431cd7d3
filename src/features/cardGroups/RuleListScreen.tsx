import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DateTimeText } from '../../components/format/DateTimeText'
import { ListLayout, type Column, type ListAction } from '../../components/list'
import { useResourceList } from '../../components/resource/useResourceList'
import type { cardGroupRules } from '../../resources/cardGroups'
import type { RowOf } from '../../resources/kit'
import { ruleResource } from './resource'

const route = getRouteApi('/main/cards-rules-limits')
type Rule = RowOf<typeof cardGroupRules>

/**
 * cards-rules-limits: platform-level rules (visible to chosen companies and merchants) and
 * merchant-level rules. A rule a group was made from opens read-only (spec §4).
 */
export function RuleListScreen() {
  const { t } = useTranslation(['cards', 'common'])
  const navigate = useNavigate()
  const openForm = useCallback(
    (row?: Rule) =>
      navigate({
        to:
          row?.level === 'platform'
            ? '/main/cards-rules-limits-save'
            : '/main/cards-rules-limits-merchant-saveinfo',
        search: row ? { id: row.id } : {},
      }),
    [navigate],
  )
  const screen = useResourceList({
    client: ruleResource,
    search: route.useSearch(),
    openForm,
    deleteConfirm: useMemo(
      () => ({
        title: t('cards:rule.deleteTitle'),
        description: (rows: Rule[]) =>
          t('cards:rule.deleteConfirm', {
            count: rows.length,
            names: rows.map((r) => r.name).join(', '),
          }),
      }),
      [t],
    ),
    refusesDelete: (r) =>
      r.groupCount > 0 ? t('cards:rule.inUse', { count: r.groupCount }) : undefined,
  })
  const canPlatform = screen.perms.can('platform')
  const canVisibility = screen.perms.can('visibility')
  const actions = useMemo<ListAction<Rule>[]>(
    () => [
      ...screen.layout.actions,
      {
        id: 'add-platform',
        label: t('cards:rule.addPlatform'),
        denied: !canPlatform,
        run: () => navigate({ to: '/main/cards-rules-limits-save', search: {} }),
      },
      {
        id: 'visibility',
        label: t('cards:rule.visibility'),
        needs: 'one',
        denied: !canVisibility,
        refuses: (r) => (r.level === 'platform' ? undefined : t('cards:rule.notPlatform')),
        run: ([row]) =>
          navigate({ to: '/main/cards-rules-limits-visibility', search: { id: row.id } }),
      },
    ],
    [screen.layout.actions, canPlatform, canVisibility, navigate, t],
  )
  const columns = useMemo<Column<Rule>[]>(
    () => [
      {
        id: 'name',
        label: t('cards:rule.name'),
        sortField: 'name',
        hideable: false,
        render: (r) => r.name,
      },
      {
        id: 'level',
        label: t('cards:rule.level'),
        render: (r) => (
          <Badge color={r.level === 'platform' ? 'blue' : 'gray'}>
            {t(`cards:rule.levels.${r.level}`)}
          </Badge>
        ),
      },
      { id: 'merchant', label: t('cards:rule.merchant'), render: (r) => r.merchantName },
      {
        id: 'floatingRatio',
        label: t('cards:rule.floatingRatio'),
        render: (r) => `${r.floatingRatio} %`,
      },
      {
        id: 'warningThreshold',
        label: t('cards:rule.warningThreshold'),
        render: (r) => `${r.warningThreshold} %`,
      },
      { id: 'maxCards', label: t('cards:rule.maxCards'), render: (r) => r.maxCards },
      { id: 'groupCount', label: t('cards:rule.groupCount'), render: (r) => r.groupCount },
      {
        id: 'visibleCount',
        label: t('cards:rule.visibleCount'),
        render: (r) => (r.level === 'platform' ? r.visibleCount : ''),
      },
      {
        id: 'createdAt',
        label: t('common:createdAt'),
        sortField: 'createdAt',
        width: 180,
        render: (r) => <DateTimeText iso={r.createdAt} />,
      },
    ],
    [t],
  )
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} rowLabel={(r) => r.name} />
      {screen.exportDialog}
    </>
  )
}
