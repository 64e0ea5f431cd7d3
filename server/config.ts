import { z } from 'zod'

/**
 * Every setting of the process, read from the environment once at start. A bad value stops
 * the start with a one-line reason (see `loadConfig`). The README lists the same variables.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const basePath = z
  .string()
  .default('/')
  .refine((v) => v.startsWith('/'), 'must start with /')
  .transform((v) => (v.endsWith('/') ? v : `${v}/`))

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    BASE_PATH: basePath,
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().min(1).default('./data'),
    SESSION_IDLE_SECONDS: seconds(900),
    SESSION_WARNING_SECONDS: seconds(30),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('VCC Management Platform <no-reply@vcc.local>'),
    /**
     * How long a delivery attempt owns its send record. A record still `sending` after this is
     * taken as left by a stopped process (docs/mail.md: given back, or failed as unknown).
     */
    MAIL_SENDING_LEASE_SECONDS: seconds(120),
    /**
     * The wait before a failed mail's first retry; it doubles at each further one, up to an
     * hour between tries (docs/mail.md).
     */
    MAIL_RETRY_DELAY_SECONDS: seconds(5),
    /**
     * How long a mail that cannot be delivered keeps being tried before it is failed and
     * dead-lettered: a day by default (mail servers keep a message for days, DESIGN §13).
     */
    MAIL_RETRY_FOR_SECONDS: seconds(86_400),
    SEED_DEMO: flag,
    ADMIN_PASSWORD: z.string().min(8).max(16).optional(),
    DATA_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
    /**
     * Off: the address is the TCP peer's, and X-Forwarded-For is ignored (anyone can send it).
     * On: one reverse proxy you run stands in front; the address it appended (the last entry of
     * X-Forwarded-For) is the client's.
     */
    TRUST_PROXY: flag,
    /** Largest request body accepted, in bytes; larger ones answer 413 unread. */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(1024 * 1024),
  })
  .refine((c) => c.SESSION_WARNING_SECONDS < c.SESSION_IDLE_SECONDS, {
    path: ['SESSION_WARNING_SECONDS'],
    message: 'must be less than SESSION_IDLE_SECONDS',
  })
  .refine((c) => c.MAIL_RETRY_DELAY_SECONDS <= c.MAIL_RETRY_FOR_SECONDS, {
    path: ['MAIL_RETRY_FOR_SECONDS'],
    message: 'must be at least MAIL_RETRY_DELAY_SECONDS',
  })
  // E-mailed links never take their host from a request (a client can send any Host header):
  // without PUBLIC_URL they point at this process's own address.
  .transform((c) => ({
    ...c,
    PUBLIC_URL: (
      c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`
    ).replace(/\/+$/, ''),
  }))

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`)
  }
  return result.data
}
