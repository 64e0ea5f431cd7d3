import { resourceClient } from '../../components/resource/client'
import { fxRates } from '../../resources/fxRates'

/** The console half of FX rates (accounts-fx-rate), from the definition. */
export const fxRateResource = resourceClient(fxRates)
