import type { AdminApp } from './http/context'
import { allRules } from './http/errors'
import { API_BASE } from './app'

/** The OpenAPI document of the /admin API, with the table of business error codes. */
export function contractDocument(api: AdminApp) {
  const doc = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'VCC Management Platform admin API',
      version: '1',
      description:
        'Every answer is {code, msg, data}; code 0 is success. `x-permission` names what a call ' +
        'needs; `x-error-codes` the business codes it may answer with (see x-error-catalog).',
    },
    servers: [{ url: API_BASE }],
  })
  doc.components = {
    ...doc.components,
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  }
  return {
    ...doc,
    // OpenAPI 3.1 names a licence by SPDX identifier; the generator's types predate it.
    info: { ...doc.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    'x-error-catalog': allRules().map((r) => ({ code: r.code, status: r.status, key: r.key })),
  }
}
