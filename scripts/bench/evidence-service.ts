import { startDemoServer } from '../../main/demo/server';

/**
 * The reference service in a process of its own, for item 15: what it holds
 * of each upload (the body, the file) stays out of the memory measured in
 * the bench's process, where main's upload path runs. It sends its address
 * and key once listening, answers how many files a task holds, and stops
 * when the bench lets go of it.
 */
async function main(): Promise<void> {
  const server = await startDemoServer({ rateLimit: false });
  const org = server.organizations[0]?.id ?? '';
  process.on('message', (m: { attachments?: string }) => {
    if (m.attachments) {
      const files = server.attachments(org, m.attachments);
      process.send?.({ count: files.length, bytes: files.at(-1)?.bytes.length ?? 0 });
    }
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  process.send?.({ baseUrl: server.baseUrl, key: server.keys.full });
}

void main();
