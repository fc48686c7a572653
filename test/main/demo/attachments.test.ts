import { describe, expect, it } from 'vitest';
import { withDemoServer } from '../../helpers/demo';
import type { DemoServer } from '../../../main/demo/server';

/**
 * The reference service's evidence routes over real loopback HTTP, held to
 * trycompai/comp (tasks.controller.ts TASK ATTACHMENTS, attachments.service.ts,
 * upload-attachment.dto.ts): what is taken, what is refused and in whose
 * words, and the list with its download links.
 */

const TASK = 'tsk_n1access7review';
const USER = 'usr_m2c8a1yq4w';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A loose reading of the answers: the assertions say what they hold. */
type Answer = { id?: string; message?: unknown; downloadUrl?: string } & { id: string }[];

type Who = 'full' | 'noEvidence' | 'noScope' | 'session' | 'employee';

const headersOf = (server: DemoServer, who: Who): Record<string, string> =>
  who === 'session' || who === 'employee'
    ? {
        Cookie: who === 'session' ? server.session.cookie : server.otherSessions.employee,
        'X-Organization-Id': server.session.organizationId,
      }
    : { 'X-API-Key': server.keys[who] };

const call = async (
  server: DemoServer,
  who: Who,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Answer }> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headersOf(server, who) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Answer };
};

const attach = (
  server: DemoServer,
  body: Record<string, unknown>,
  who: Who = 'full',
  task = TASK,
) =>
  call(server, who, 'POST', `/v1/tasks/${task}/attachments`, {
    fileName: 'settings.png',
    fileType: 'image/png',
    fileData: PNG.toString('base64'),
    userId: USER,
    ...body,
  });

describe('evidence on the reference service', () => {
  const demo = withDemoServer({ rateLimit: false, maxAttachmentBytes: 1024 * 1024 });

  it('takes a file as base64 JSON (201) and lists it with a download link that serves the bytes', async () => {
    const made = await attach(demo.server, { description: 'MFA settings' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ name: 'settings.png', type: 'image', size: PNG.length });
    expect(made.json.id).toMatch(/^att_/);
    const list = await call(demo.server, 'full', 'GET', `/v1/tasks/${TASK}/attachments`);
    expect(list.status).toBe(200);
    expect(list.json.map((a) => a.id)).toContain(made.json.id);
    // The list carries no size, as the real one.
    expect(list.json[0]).not.toHaveProperty('size');
    const file = await fetch(made.json.downloadUrl as string);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect(demo.server.attachments(demo.server.organizations[0]!.id, TASK).at(-1)).toMatchObject({
      uploadedBy: USER,
      description: 'MFA settings',
    });
  });

  it('needs evidence:create, not a task scope; a session owner needs no userId', async () => {
    expect(await attach(demo.server, {}, 'noEvidence')).toMatchObject({
      status: 403,
      json: { message: 'API key lacks required permission scope' },
    });
    expect((await attach(demo.server, { userId: undefined }, 'session')).status).toBe(201);
    expect((await attach(demo.server, {}, 'employee')).status).toBe(403);
  });

  it("refuses with the real service's words", async () => {
    const refusals: [Record<string, unknown>, unknown][] = [
      [{ fileData: 'not base64!' }, ['fileData must be base64 encoded']],
      [{ fileData: 'iVB=ORw0' }, ['fileData must be base64 encoded']],
      [{ fileData: 'iVBORw0=K' }, ['fileData must be base64 encoded']],
      [{ fileData: 'iVBORw=K' }, ['fileData must be base64 encoded']],
      [{ fileName: '   ' }, ['fileName should not be empty']],
      [{ fileType: 'png' }, ['Invalid MIME type format']],
      [{ colour: 'red' }, ['property colour should not exist']],
      [
        { userId: undefined },
        'User ID is required when using API key authentication. Provide userId in the request body.',
      ],
      [
        { fileData: Buffer.alloc(1024 * 1024 + 1, 0x89).toString('base64') },
        'File size exceeds maximum allowed size of 1MB',
      ],
      [
        { fileType: 'application/pdf' },
        'The uploaded file is invalid or corrupted. Please try again with a valid file.',
      ],
      [{ fileName: 'run.sh' }, "File extension '.sh' is not allowed for security reasons"],
    ];
    for (const [body, message] of refusals) {
      const answer = await attach(demo.server, body);
      expect([answer.status, answer.json.message]).toEqual([400, message]);
    }
    const unknown = await attach(demo.server, {}, 'full', 'tsk_nobody0here');
    expect([unknown.status, unknown.json.message]).toEqual([
      400,
      'Task not found or access denied',
    ]);
  });
});
