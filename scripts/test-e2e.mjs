// Runs the e2e project and the e2e-waits project (vitest.config.ts) at once, in two vitest
// processes: the schedule files spend minutes waiting for alarms with the CPU idle, and in one
// vitest run they would wait after the rest instead of beside it. Fails when either fails.
import { spawn } from 'node:child_process';

const run = (project) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', project], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const codes = await Promise.all([run('e2e-waits'), run('e2e')]);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
