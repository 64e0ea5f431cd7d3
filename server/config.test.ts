import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      BASE_PATH: '/',
      DATA_DIR: './data',
      SESSION_IDLE_SECONDS: 900,
      SESSION_WARNING_SECONDS: 30,
      SEED_DEMO: false,
      MAIL_RETRY_FOR_SECONDS: 86_400,
    })
    expect(c.DATABASE_URL).toBeUndefined()
  })

  it('normalises the base path to end with /', () => {
    expect(loadConfig({ BASE_PATH: '/vcc' }).BASE_PATH).toBe('/vcc/')
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ BASE_PATH: 'vcc' }, 'BASE_PATH'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_IDLE_SECONDS: '-5' }, 'SESSION_IDLE_SECONDS'],
    [{ SESSION_IDLE_SECONDS: '20', SESSION_WARNING_SECONDS: '30' }, 'SESSION_WARNING_SECONDS'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ MAIL_RETRY_FOR_SECONDS: 'a day' }, 'MAIL_RETRY_FOR_SECONDS'],
    [{ MAIL_RETRY_FOR_SECONDS: '4', MAIL_RETRY_DELAY_SECONDS: '5' }, 'MAIL_RETRY_FOR_SECONDS'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DATA_KEY: 'short' }, 'DATA_KEY'],
    [{ ADMIN_PASSWORD: 'x' }, 'ADMIN_PASSWORD'],
  ])('refuses %o naming %s in one line', (env, name) => {
    let error: unknown
    try {
      loadConfig(env)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(name)
    expect(message).not.toContain('\n')
  })

  it('stops the process at start with a one-line reason', () => {
    const run = spawnSync('npx', ['tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n').filter((l) => l.trim() && !l.includes('npm warn'))
    expect(lines).toEqual([
      'Invalid configuration: PORT Invalid input: expected number, received NaN',
    ])
  })
})
