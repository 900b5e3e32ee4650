// `npm run dev`: the server with reload on change (tsx watch) and the portal on Vite's dev server,
// which proxies /api, /ml and /pay to the server. Ctrl-C stops both.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Vite's own entry run by this Node, not through npx, so that stopping this script stops it too.
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  }),
  spawn(process.execPath, [viteBin, '--port', process.env.VITE_PORT ?? '5173'], {
    cwd: 'apps/portal',
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
