import { randomBytes } from 'node:crypto';
import { createComplianceSample } from './compliance-sample';
import type { DemoData, DemoEntity, DemoTask } from './model';
import {
  SCOPE_APP_READ,
  SCOPE_EVIDENCE_CREATE,
  SCOPE_MEMBER_READ,
  SCOPE_ORGANIZATION_READ,
  SCOPE_RISK_READ,
  SCOPE_VENDOR_READ,
  TASK_SCOPES,
} from './model';

/**
 * Three organizations as a compliance team would have them. Fresh objects on
 * every call so two servers never share state; keys and the session token are
 * random per start so no usable-looking secret sits in the source.
 */

export const ORG_NORTHWIND = 'org_7kq2m9x4v1pz';
export const ORG_ACME = 'org_3hd8w2n6c5rt';
export const ORG_HARBOR = 'org_9vb4t7y1s2qe';

/** A real key is `comp_` and 64 hex characters. */
const newApiKey = (): string => `comp_${randomBytes(32).toString('hex')}`;
const newSessionToken = (): string => randomBytes(24).toString('base64url');

const doc = (...paragraphs: unknown[][]): { type: 'doc'; content: unknown[] } => ({
  type: 'doc',
  content: paragraphs.map((content) => ({ type: 'paragraph', content })),
});
const text = (t: string): unknown => ({ type: 'text', text: t });
const mention = (id: string, label: string): unknown => ({ type: 'mention', attrs: { id, label } });

const task = (
  t: Omit<DemoTask, 'updatedById' | 'updatedAt'> &
    Partial<Pick<DemoTask, 'updatedById' | 'updatedAt'>>,
): DemoTask => ({ updatedById: null, updatedAt: t.createdAt, ...t });

/** `now` places the compliance tasks' review dates (one due in 3 days, one overdue…). */
export const createSampleData = (now: Date = new Date()): DemoData => {
  const users = [
    {
      id: 'usr_m2c8a1yq4w',
      name: 'Maya Chen',
      email: 'maya.chen@northwind-health.example',
      image: 'https://avatars.example.com/u/maya-chen.png',
    },
    {
      id: 'usr_d5o9k3f7ra',
      name: 'Daniel Okafor',
      email: 'daniel.okafor@northwind-health.example',
      image: 'https://avatars.example.com/u/daniel-okafor.png',
    },
    {
      id: 'usr_p7r1n4m8sh',
      name: 'Priya Raman',
      email: 'priya.raman@northwind-health.example',
      image: null,
    },
    {
      id: 'usr_t3b6e0k2lw',
      name: 'Tom Becker',
      email: 'tom.becker@northwind-health.example',
      image: null,
    },
    {
      id: 'usr_l9f2z5h1qx',
      name: 'Lucía Fernández',
      email: 'lucia@acme-logistics.example',
      image: 'https://avatars.example.com/u/lucia-fernandez.png',
    },
    {
      id: 'usr_k4s8t2y6vo',
      name: 'Kenji Sato',
      email: 'kenji.sato@acme-logistics.example',
      image: null,
    },
    {
      id: 'usr_a6n0w3u9ce',
      name: 'Amara Nwosu',
      email: 'amara@harborstreetclinic.example',
      image: null,
    },
  ];
  const members = [
    {
      id: 'mem_n1maya7q2c',
      organizationId: ORG_NORTHWIND,
      userId: 'usr_m2c8a1yq4w',
      role: 'owner',
      deactivated: false,
    },
    {
      id: 'mem_n2dan4k8ro',
      organizationId: ORG_NORTHWIND,
      userId: 'usr_d5o9k3f7ra',
      role: 'admin',
      deactivated: false,
    },
    {
      id: 'mem_n3pri9x1ma',
      organizationId: ORG_NORTHWIND,
      userId: 'usr_p7r1n4m8sh',
      role: 'employee',
      deactivated: false,
    },
    // Left the company: still on old tasks, no longer assignable.
    {
      id: 'mem_n4tom6b3ck',
      organizationId: ORG_NORTHWIND,
      userId: 'usr_t3b6e0k2lw',
      role: 'employee',
      deactivated: true,
    },
    {
      id: 'mem_a1luc5f0zr',
      organizationId: ORG_ACME,
      userId: 'usr_l9f2z5h1qx',
      role: 'owner',
      deactivated: false,
    },
    {
      id: 'mem_a2ken8s3ty',
      organizationId: ORG_ACME,
      userId: 'usr_k4s8t2y6vo',
      role: 'employee',
      deactivated: false,
    },
    {
      id: 'mem_h1ama2n7wu',
      organizationId: ORG_HARBOR,
      userId: 'usr_a6n0w3u9ce',
      role: 'owner',
      deactivated: false,
    },
    // The session user also helps a second organization.
    {
      id: 'mem_h2maya4c9n',
      organizationId: ORG_HARBOR,
      userId: 'usr_m2c8a1yq4w',
      role: 'admin',
      deactivated: false,
    },
  ] as const;

  const organizations = [
    {
      id: ORG_NORTHWIND,
      name: 'Northwind Health',
      slug: 'northwind-health',
      logo: `${ORG_NORTHWIND}/branding/logo-3f9a.png`,
      logoUrl: `https://storage.example.com/${ORG_NORTHWIND}/branding/logo-3f9a.png?X-Amz-Expires=900&X-Amz-Signature=8d1c0f`,
      metadata: JSON.stringify({
        industry: 'Healthcare',
        employees: '51-200',
        frameworks: ['soc2', 'hipaa'],
      }),
      website: 'https://northwind-health.example',
      onboardingCompleted: true,
      hasAccess: true,
      deviceLabelId: 17,
      isDeviceSetupCompleted: true,
      primaryColor: '#0E7490',
      createdAt: '2024-03-11T09:24:51.000Z',
      deviceFieldNames: 'wire',
      extra: { advancedModeEnabled: false },
    },
    {
      id: ORG_ACME,
      name: 'Acme Logistics',
      slug: 'acme-logistics',
      logo: null,
      logoUrl: null,
      metadata: 'customer since 2023; SSO pending',
      website: null,
      onboardingCompleted: true,
      hasAccess: true,
      deviceLabelId: null,
      isDeviceSetupCompleted: false,
      primaryColor: '#F59E0B',
      createdAt: '2023-11-02T16:05:09.000Z',
      deviceFieldNames: 'seed',
      extra: {},
    },
    {
      id: ORG_HARBOR,
      name: 'Harbor Street Clinic',
      slug: 'harbor-street-clinic',
      logo: 'https://cdn.example.com/logos/harbor-street-clinic.png',
      logoUrl: null,
      metadata: null,
      website: 'https://harborstreetclinic.example',
      onboardingCompleted: false,
      hasAccess: false,
      deviceLabelId: null,
      isDeviceSetupCompleted: false,
      primaryColor: null,
      createdAt: '2025-01-20T12:00:00.000Z',
      deviceFieldNames: 'wire',
      extra: { advancedModeEnabled: true },
    },
  ] as const;

  const tasks: DemoTask[] = [
    task({
      id: 'tski_n4w8c2v6b1xq',
      organizationId: ORG_NORTHWIND,
      title: 'Collect SOC 2 Type II report',
      description: JSON.stringify(
        doc(
          [
            text('Ask '),
            mention('mem_n2dan4k8ro', 'Daniel Okafor'),
            text(' to request the 2025 report and the bridge letter.'),
          ],
          [text('Check the carve-outs for sub-processors.')],
        ),
      ),
      status: 'in_progress',
      priority: 'high',
      entityId: 'vnd_c8r2k6m0qt',
      entityType: 'vendor',
      assigneeId: 'mem_n2dan4k8ro',
      createdById: 'mem_n1maya7q2c',
      createdAt: '2025-05-02T08:15:00.000Z',
      updatedById: 'mem_n2dan4k8ro',
      updatedAt: '2025-05-06T14:41:27.000Z',
    }),
    task({
      id: 'tski_r7k3d9s5f2ha',
      organizationId: ORG_NORTHWIND,
      title: 'Review data processing agreement',
      description: 'Legal flagged clause 7.2 (sub-processor notice period). Confirm 30 days.',
      status: 'todo',
      priority: 'medium',
      entityId: 'vnd_c8r2k6m0qt',
      entityType: 'vendor',
      assigneeId: null,
      createdById: 'mem_n1maya7q2c',
      createdAt: '2025-05-03T10:00:00.000Z',
    }),
    task({
      id: 'tski_p2j6m8q4z9lt',
      organizationId: ORG_NORTHWIND,
      title: 'Define mitigation for unpatched laptops',
      description: null,
      status: 'in_review',
      priority: 'urgent',
      entityId: 'rsk_w5e1t9y3ua',
      entityType: 'risk',
      assigneeId: 'mem_n3pri9x1ma',
      createdById: 'mem_n2dan4k8ro',
      createdAt: '2025-04-21T07:30:12.000Z',
      updatedById: 'mem_n3pri9x1ma',
      updatedAt: '2025-05-01T17:02:44.000Z',
    }),
    task({
      id: 'tski_h5y1x7c3v8nb',
      organizationId: ORG_NORTHWIND,
      title: 'Confirm breach notification SLA',
      // The published schema calls description an object: one task says it that way.
      description: doc([
        text('Contract says 72 hours; '),
        mention('mem_n1maya7q2c', 'Maya Chen'),
        text(' to confirm with the vendor.'),
      ]),
      status: 'done',
      priority: 'low',
      entityId: 'vnd_j3n7b1x5pe',
      entityType: 'vendor',
      assigneeId: 'mem_n1maya7q2c',
      createdById: 'mem_n1maya7q2c',
      createdAt: '2025-03-14T13:45:00.000Z',
      updatedById: 'mem_n1maya7q2c',
      updatedAt: '2025-03-20T09:12:05.000Z',
    }),
    task({
      id: 'tski_e8u2w6r4t0gk',
      organizationId: ORG_NORTHWIND,
      title: 'Re-assess physical access risk after office move',
      description: JSON.stringify(doc([text('New badge readers go live in June.')])),
      status: 'canceled',
      priority: 'medium',
      entityId: 'rsk_q8d4g2l6ov',
      entityType: 'risk',
      // Assigned to someone who has since left.
      assigneeId: 'mem_n4tom6b3ck',
      createdById: 'mem_n2dan4k8ro',
      createdAt: '2025-02-10T11:20:00.000Z',
    }),
    task({
      id: 'tski_b3m7k1p5s9dw',
      organizationId: ORG_ACME,
      title: 'Verify carrier insurance certificate',
      description: 'Certificate on file expires 2025-08-31.',
      status: 'todo',
      priority: 'high',
      entityId: 'vnd_f6h0s4w8ib',
      entityType: 'vendor',
      assigneeId: 'mem_a2ken8s3ty',
      createdById: 'mem_a1luc5f0zr',
      createdAt: '2025-04-30T15:00:00.000Z',
    }),
    task({
      id: 'tski_q6z0c4f8j2vy',
      organizationId: ORG_ACME,
      title: 'Rotate shared warehouse Wi-Fi password',
      description: JSON.stringify(
        doc([mention('mem_a2ken8s3ty', 'Kenji Sato'), text(' has the controller credentials.')]),
      ),
      status: 'in_progress',
      priority: 'urgent',
      entityId: 'rsk_z2c7v1n5mr',
      entityType: 'risk',
      assigneeId: 'mem_a1luc5f0zr',
      createdById: 'mem_a1luc5f0zr',
      createdAt: '2025-05-05T06:50:00.000Z',
      updatedById: 'mem_a1luc5f0zr',
      updatedAt: '2025-05-05T07:05:31.000Z',
    }),
    task({
      id: 'tski_g1v5n9b3x7km',
      organizationId: ORG_HARBOR,
      title: 'Sign BAA with lab partner',
      description: null,
      status: 'todo',
      priority: 'high',
      entityId: 'vnd_y4k8p2d6hs',
      entityType: 'vendor',
      assigneeId: null,
      createdById: 'mem_h1ama2n7wu',
      createdAt: '2025-01-22T09:00:00.000Z',
    }),
    // Work spread over the team, so "assigned to me" has something to show for each of them.
    ...(
      [
        [
          'tski_a1m7y2c4kq',
          'Approve the laptop encryption exception',
          'todo',
          'urgent',
          'rsk_w5e1t9y3ua',
          'risk',
          'mem_n1maya7q2c',
          '2025-05-07T09:12:00.000Z',
        ],
        [
          'tski_a2m5y8c1wd',
          'Confirm MedBill’s breach-notice contact',
          'in_progress',
          'high',
          'vnd_j3n7b1x5pe',
          'vendor',
          'mem_n1maya7q2c',
          '2025-05-05T16:30:00.000Z',
        ],
        [
          'tski_a3m9y4c6pe',
          'Badge audit for the new office',
          'in_review',
          'medium',
          'rsk_q8d4g2l6ov',
          'risk',
          'mem_n1maya7q2c',
          '2025-05-04T11:05:00.000Z',
        ],
        [
          'tski_a4m2y6c3rt',
          'File the CloudVault pen-test summary',
          'todo',
          'low',
          'vnd_c8r2k6m0qt',
          'vendor',
          'mem_n1maya7q2c',
          '2025-04-28T13:45:00.000Z',
        ],
        [
          'tski_a5d3n8k1lx',
          'Patch schedule for the clinic laptops',
          'todo',
          'high',
          'rsk_w5e1t9y3ua',
          'risk',
          'mem_n2dan4k8ro',
          '2025-05-06T08:20:00.000Z',
        ],
        [
          'tski_a6p4r7m2vz',
          'Visitor log retention policy',
          'done',
          'medium',
          'rsk_q8d4g2l6ov',
          'risk',
          'mem_n3pri9x1ma',
          '2025-04-30T10:10:00.000Z',
        ],
      ] as const
    ).map(([id, title, status, priority, entityId, entityType, assigneeId, at]) =>
      task({
        id,
        organizationId: ORG_NORTHWIND,
        title,
        description: null,
        status,
        priority,
        entityId,
        entityType,
        assigneeId,
        createdById: 'mem_n1maya7q2c',
        createdAt: at,
        updatedById: assigneeId,
        updatedAt: at,
      }),
    ),
  ];

  const allScopes = [
    SCOPE_ORGANIZATION_READ,
    ...TASK_SCOPES,
    SCOPE_VENDOR_READ,
    SCOPE_RISK_READ,
    SCOPE_MEMBER_READ,
  ];
  const apiKeys = [
    {
      key: newApiKey(),
      organizationId: ORG_NORTHWIND,
      scopes: [...allScopes, SCOPE_EVIDENCE_CREATE],
      actorMemberId: 'mem_n1maya7q2c',
    },
    // Made for a dashboard: may read the organization, may not touch tasks.
    {
      key: newApiKey(),
      organizationId: ORG_NORTHWIND,
      scopes: [SCOPE_ORGANIZATION_READ],
      actorMemberId: 'mem_n1maya7q2c',
    },
    {
      key: newApiKey(),
      organizationId: ORG_ACME,
      scopes: allScopes,
      actorMemberId: 'mem_a1luc5f0zr',
    },
    // A colleague's key to the same organization: changes made with it are recorded as theirs.
    // (Every scope but vendor:read: browsing vendors is not offered with it.)
    {
      key: newApiKey(),
      organizationId: ORG_NORTHWIND,
      scopes: allScopes.filter((scope) => scope !== SCOPE_VENDOR_READ),
      actorMemberId: 'mem_n2dan4k8ro',
    },
    // Every scope and app:read: may also read the organization's audit log (what changed).
    {
      key: newApiKey(),
      organizationId: ORG_NORTHWIND,
      scopes: [...allScopes, SCOPE_APP_READ, SCOPE_EVIDENCE_CREATE],
      actorMemberId: 'mem_n1maya7q2c',
    },
    // Every task scope but not evidence:create: may change tasks, may not attach evidence.
    {
      key: newApiKey(),
      organizationId: ORG_NORTHWIND,
      scopes: allScopes,
      actorMemberId: 'mem_n1maya7q2c',
    },
  ];

  const vendor = (id: string, organizationId: string, name: string) =>
    ({ id, organizationId, type: 'vendor', name }) as const;
  const risk = (id: string, organizationId: string, name: string) =>
    ({ id, organizationId, type: 'risk', name }) as const;
  const entities = [
    vendor('vnd_c8r2k6m0qt', ORG_NORTHWIND, 'CloudVault Storage'),
    vendor('vnd_j3n7b1x5pe', ORG_NORTHWIND, 'MedBill Partners'),
    // A vendor without task items: its list is an empty page.
    vendor('vnd_k0q5r9t3mz', ORG_NORTHWIND, 'Paperless Fax Co.'),
    risk('rsk_w5e1t9y3ua', ORG_NORTHWIND, 'Unpatched laptops'),
    risk('rsk_q8d4g2l6ov', ORG_NORTHWIND, 'Physical access after the office move'),
    vendor('vnd_f6h0s4w8ib', ORG_ACME, 'Northern Freight Carriers'),
    risk('rsk_z2c7v1n5mr', ORG_ACME, 'Shared warehouse Wi-Fi'),
    vendor('vnd_y4k8p2d6hs', ORG_HARBOR, 'Bayside Labs'),
  ];

  return {
    users,
    entities,
    members,
    organizations,
    tasks,
    apiKeys,
    sessions: [
      { token: newSessionToken(), userId: 'usr_m2c8a1yq4w' },
      // Northwind's admin (an approver) and an employee, signed in on the web.
      { token: newSessionToken(), userId: 'usr_d5o9k3f7ra' },
      { token: newSessionToken(), userId: 'usr_p7r1n4m8sh' },
    ],
    compliance: createComplianceSample(now),
  };
};

/** Ids of the generated tasks (extraTasks) start so, telling them from the hand-written samples. */
export const EXTRA_TASK_PREFIX = 'tski_gen';

const EXTRA_STATUSES = ['todo', 'in_progress', 'in_review', 'done', 'canceled'] as const;

/** `count` plain vendor tasks for Northwind Health, for tests and benchmarks that need many. */
export const extraTasks = (count: number): DemoTask[] =>
  Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString();
    return {
      id: `${EXTRA_TASK_PREFIX}${String(i + 1).padStart(3, '0')}`,
      organizationId: ORG_NORTHWIND,
      title: `Collect evidence for control ${i + 1}`,
      description: null,
      status: EXTRA_STATUSES[i % EXTRA_STATUSES.length] as string,
      priority: 'medium',
      entityId: 'vnd_c8r2k6m0qt',
      entityType: 'vendor',
      assigneeId: null,
      createdById: 'mem_n1maya7q2c',
      updatedById: null,
      createdAt: at,
      updatedAt: at,
    };
  });

/** Members of Northwind Health that large organizations assign tasks to, and nobody. */
export const LARGE_ASSIGNEES = [
  'mem_n1maya7q2c',
  'mem_n2dan4k8ro',
  'mem_n3pri9x1ma',
  null,
] as const;

/**
 * Generated vendors and risks for Northwind Health with `tasks` task items
 * spread over them in turn, each assigned in turn to LARGE_ASSIGNEES, with
 * every status and priority: an organization the size of a busy customer.
 */
export const largeOrganization = (size: {
  readonly vendors: number;
  readonly risks: number;
  readonly tasks: number;
}): { entities: DemoEntity[]; tasks: DemoTask[] } => {
  const pad = (n: number) => String(n).padStart(4, '0');
  const entities: DemoEntity[] = [
    ...Array.from({ length: size.vendors }, (_, i) => ({
      id: `vnd_gen${pad(i + 1)}`,
      organizationId: ORG_NORTHWIND,
      type: 'vendor' as const,
      name: `Vendor ${i + 1}`,
    })),
    ...Array.from({ length: size.risks }, (_, i) => ({
      id: `rsk_gen${pad(i + 1)}`,
      organizationId: ORG_NORTHWIND,
      type: 'risk' as const,
      name: `Risk ${i + 1}`,
    })),
  ];
  const priorities = ['urgent', 'high', 'medium', 'low'] as const;
  const tasks = Array.from({ length: size.tasks }, (_, i): DemoTask => {
    const entity = entities[i % entities.length]!;
    const at = new Date(Date.UTC(2025, 4, 1) + i * 60_000).toISOString();
    return {
      id: `tski_lrg${pad(i + 1)}`,
      organizationId: ORG_NORTHWIND,
      title: `Task ${i + 1} of ${entity.name}`,
      description: null,
      status: EXTRA_STATUSES[i % EXTRA_STATUSES.length] as string,
      priority: priorities[i % priorities.length] as string,
      entityId: entity.id,
      entityType: entity.type,
      assigneeId: LARGE_ASSIGNEES[i % LARGE_ASSIGNEES.length] ?? null,
      createdById: 'mem_n1maya7q2c',
      updatedById: null,
      createdAt: at,
      updatedAt: at,
    };
  });
  return { entities, tasks };
};
