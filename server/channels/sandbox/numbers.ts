import { randomInt } from 'node:crypto'
import { luhnCheckDigit } from '../../cards/cardData'

/** A source of whole numbers in [0, max): `crypto.randomInt` by default, fixed in tests. */
export type RandomInt = (max: number) => number

export const CARD_NUMBER_LENGTH = 16

/**
 * A 16-digit card number starting with the BIN whose last digit is the Luhn check digit
 * (spec §5: "Card number passes a Luhn checksum").
 */
export function cardNumberFor(bin: string, random: RandomInt = randomInt): string {
  if (!/^[0-9]{6,8}$/.test(bin)) throw new Error('a BIN is 6 to 8 digits')
  let body = bin
  while (body.length < CARD_NUMBER_LENGTH - 1) body += String(random(10))
  return body + String(luhnCheckDigit(body))
}

/** A 3-digit security code (000–999). */
export function securityCode(random: RandomInt = randomInt): string {
  return String(random(1000)).padStart(3, '0')
}
