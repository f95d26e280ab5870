// Prisma CLI configuration. Only `prisma generate` runs on machines without the schema engine;
// migrations are applied by src/db/migrate.ts (compatible with `prisma migrate deploy`).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/humantime' },
});
