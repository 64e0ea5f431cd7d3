import { describe, expect, it } from 'vitest'
import { assertDeclaredStatus, operationFor } from './declaredStatuses'

describe('the statuses an operation declares', () => {
  it('passes a status the operation declares', () => {
    expect(() => assertDeclaredStatus('POST', '/dict/query', 200)).not.toThrow()
    expect(() => assertDeclaredStatus('POST', '/dict/query', 401)).not.toThrow()
    expect(() => assertDeclaredStatus('POST', '/card/detail', 404)).not.toThrow()
  })

  it('fails a status the operation does not declare, naming the operation', () => {
    expect(() => assertDeclaredStatus('POST', '/dict/query', 404)).toThrow(
      /POST \/admin\/dict\/query answered 404/,
    )
    // A public call has no session to refuse.
    expect(() => assertDeclaredStatus('POST', '/public/queryCopyright', 401)).toThrow(/401/)
  })

  it('matches path parameters and leaves paths outside the contract alone', () => {
    expect(operationFor('POST', '/channels/webhook/sandbox')?.path).toBe(
      '/channels/webhook/{channelCode}',
    )
    expect(() => assertDeclaredStatus('POST', '/no/such/call', 404)).not.toThrow()
  })

  it('declares 404 on every call that names something by id, and 429 where attempts are limited', () => {
    for (const path of ['/card/detail', '/dict/delete', '/cardholder/save']) {
      expect(operationFor('POST', path)?.statuses.has(404), path).toBe(true)
    }
    for (const path of ['/login', '/public/merchant/register', '/card-ops/reveal']) {
      expect(operationFor('POST', path)?.statuses.has(429), path).toBe(true)
    }
  })
})
