import { startDemoServer } from './server';

/**
 * `npm run demo-server`: the reference service on its own, for trying the app
 * or poking at the interface with curl. The key and cookie are made up at
 * start and live only as long as this process; printing them is the point.
 */

const parsePort = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    console.error(`PORT must be a whole number from 0 to 65535 (got "${text}").`);
    process.exit(2);
  }
  return n;
};

const main = async (): Promise<void> => {
  const port = parsePort(process.env.PORT);
  const server = await startDemoServer(port === undefined ? {} : { port });
  const [home, other] = server.organizations;
  console.log(`Task Tray reference service listening on ${server.baseUrl}`);
  console.log('');
  const rows: [string, string][] = [
    [`API key (${home?.name})`, server.keys.full],
    ['  the same, and app:read', server.keys.appRead],
    ['API key without task scope', server.keys.noScope],
    ["Colleague's key, no vendor:read", server.keys.colleague],
    [`API key (${other?.name})`, server.keys.otherOrg],
    ['Session cookie', server.session.cookie],
    ['  with X-Organization-Id', server.session.organizationId],
  ];
  for (const [label, value] of rows) console.log(`${`${label}:`.padEnd(34)}${value}`);
  console.log('');
  console.log(`Try: curl -H "X-API-Key: ${server.keys.full}" ${server.baseUrl}/v1/organization`);
  console.log(
    `What changed (app:read only): curl -H "X-API-Key: ${server.keys.appRead}" "${server.baseUrl}/v1/audit-logs?entityType=task&take=100"`,
  );
  console.log(`Tasks of ${home?.name}: ${server.taskIds(home?.id ?? '').join(', ')}`);
  console.log('Ctrl+C stops it.');

  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((e: unknown) => {
  console.error('The reference service could not start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
