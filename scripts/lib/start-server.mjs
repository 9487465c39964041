// Shared by the benchmark scripts: starts a server process and waits until it answers.
import {spawn} from 'node:child_process';

/**
 * Spawns `command args` in its own process group and resolves once `url` answers any HTTP
 * response (or after about a minute). Resolves to a function that stops the whole group.
 */
export async function startServer(command, args, url) {
  const child = spawn(command, args, {stdio: 'ignore', detached: true, env: {...process.env, NO_UPDATE_NOTIFIER: '1'}});
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already stopped
    }
  };
}
