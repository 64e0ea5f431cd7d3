import { resourceClient } from '../../components/resource/client'
import { parameters } from '../../resources/parameters'

/** The console half of system parameters: search schemas, queries and writes, from the definition. */
export const paramResource = resourceClient(parameters)
