import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the schema and committed; both drivers run them with
// drizzle's own migrator at start (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
