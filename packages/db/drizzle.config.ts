import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/*.ts',
  out: './migrations',
  // Migration names carry a timestamp so that parallel branches never collide.
  migrations: { prefix: 'timestamp' },
});
