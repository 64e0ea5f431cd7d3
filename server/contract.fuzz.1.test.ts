import { fuzzContract } from './testing/fuzz'

// Half 2 of the contract fuzz suite (see server/testing/fuzz.ts).
fuzzContract(1, 2)
