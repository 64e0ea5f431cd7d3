/**
 * `npm run dev`: the API restarted on change (tsx watch) and the console with hot reload
 * (Vite dev server, which proxies /admin to the API). Ctrl+C stops both.
 */
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8080'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, CONSOLE_DIR: '/nonexistent' },
  }),
  spawn('npx', ['vite', '--host', process.env.HOST ?? '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

const stop = () => {
  for (const c of children) c.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children) c.on('exit', (code) => code && stop())
