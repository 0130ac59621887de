// Development: the API (restarted on change) on API_PORT (8001) and Vite on 8000 proxying to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
    },
  }),
  spawn('npx', ['vite'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  }),
);
