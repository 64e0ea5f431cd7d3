import type { FakeZone } from '../../server/mail/dns'

/**
 * The DNS the e2e server answers sender-account checks from (tests/e2e/serve.ts): one record
 * published as expected (SPF), one published with another value (DMARC), none for DKIM.
 */
export const E2E_DNS_ZONE: FakeZone = {
  'vcc-mail.example': { TXT: ['v=spf1 include:_spf.vcc-mail.example ~all'] },
  '_dmarc.vcc-mail.example': { TXT: ['v=DMARC1; p=none'] },
}
