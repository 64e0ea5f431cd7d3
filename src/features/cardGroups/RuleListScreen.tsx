import { Badge } from '@radix-ui/themes'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ListLayout, type ListAction } from '../../components/list'
import { useFieldColumns } from '../../components/resource/fieldValues'
import { useResourceList } from '../../components/resource/useResourceList'
import { cardGroupRules } from '../../resources/cardGroups'
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
    rowLabel: useCallback((r: Rule) => r.name, []),
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
  const percent = (value: number) => `${value} %`
  const columns = useFieldColumns(cardGroupRules, {
    level: (r, t) => (
      // High contrast: the soft blue badge's text is 4.25:1 in the light theme (WCAG AA: 4.5).
      <Badge color={r.level === 'platform' ? 'blue' : 'gray'} highContrast>
        {t(`cards:rule.levels.${r.level}`)}
      </Badge>
    ),
    floatingRatio: (r) => percent(r.floatingRatio),
    warningThreshold: (r) => percent(r.warningThreshold),
    // Only a platform rule is shown to chosen companies and merchants.
    visibleCount: (r) => (r.level === 'platform' ? r.visibleCount : ''),
  })
  return (
    <>
      <ListLayout {...screen.layout} actions={actions} columns={columns} />
      {screen.exportDialog}
    </>
  )
}
