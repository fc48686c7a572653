import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');

describe('npm run demo-server', () => {
  it('prints a working URL and key, and stops on SIGINT', async () => {
    // The same entry point as the npm script (tsx main/demo/cli.ts), without npm in between.
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/demo/cli.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    try {
      for await (const chunk of child.stdout) {
        out += String(chunk);
        if (out.includes('Ctrl+C')) break;
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const key = /API key \(Northwind Health\):\s+(comp_[0-9a-f]{64})/.exec(out)?.[1];
      expect(url).toBeDefined();
      expect(key).toBeDefined();
      expect(out).toMatch(/Session cookie:\s+better-auth\.session_token=\S+/);
      // The key that may read the audit log, beside those that may not.
      const appRead = /the same, and app:read:\s+(comp_[0-9a-f]{64})/.exec(out)?.[1];
      expect(appRead).toBeDefined();
      expect(appRead).not.toBe(key);

      const res = await fetch(`${url}/v1/organization`, { headers: { 'X-API-Key': key ?? '' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'Northwind Health', authType: 'api-key' });
    } finally {
      child.kill('SIGINT');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('refuses a PORT that is not a port', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/demo/cli.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (err += c));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(err).toMatch(/PORT must be a whole number/);
  });
});
