import { fuzzContract } from './testing/fuzz'

// Half 1 of the contract fuzz suite (see server/testing/fuzz.ts).
fuzzContract(0, 2)
