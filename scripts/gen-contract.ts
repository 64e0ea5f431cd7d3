import { writeFileSync } from 'node:fs'
import { CONTRACT_PATH, renderContract, TYPES_PATH } from './contract'

const { json, types } = await renderContract()
writeFileSync(CONTRACT_PATH, json)
writeFileSync(TYPES_PATH, types)
console.log(`wrote ${CONTRACT_PATH} and ${TYPES_PATH}`)
