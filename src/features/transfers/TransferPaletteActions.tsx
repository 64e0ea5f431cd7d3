import { useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useButtonCodes } from '../../components/permissions/useButtons'
import { useMenuModel } from '../../shell/menus/queries'
import { useScreenActions, type ScreenAction } from '../../shell/screenActions'

/**
 * Palette actions offered from every screen: "Transfer between balances" for a user with the
 * transfer button, "FX rates" for one with that (hidden) screen. Mounted once by the shell.
 */
export function TransferPaletteActions() {
  const { t } = useTranslation(['transfers'])
  const navigate = useNavigate()
  const canTransfer = useButtonCodes().codes.has('accounts-transfer:transfer')
  const canSeeRates = !!useMenuModel()?.names.has('accounts-fx-rate')
  const actions = useMemo<ScreenAction[]>(() => {
    const go = (to: string) => () => void navigate({ to } as never)
    return [
      ...(canTransfer
        ? [
            {
              id: 'transfers:transfer',
              label: t('transfers:transfer.paletteAction'),
              run: go('/main/accounts-transfer'),
            },
          ]
        : []),
      ...(canSeeRates
        ? [
            {
              id: 'transfers:fxRates',
              label: t('transfers:fx.paletteAction'),
              run: go('/main/accounts-fx-rate'),
            },
          ]
        : []),
    ]
  }, [canTransfer, canSeeRates, navigate, t])
  useScreenActions(actions)
  return null
}
